// bundle: the JavaScript a page loads (its modulepreload links and entry imports, gzip), for the public
// pages / and /gallery and for /admin signed in as an administrator; the whole admin code (every chunk only
// admin routes use, loaded page by page as the admin navigates); and the proof that no admin-only chunk is
// referenced by a public page. Sizes come from the build; the server only renders the pages.
/* global fetch */
import { adminOnlyChunks, readManifest, scriptsOf, sumGzip } from "../lib/bundle.mjs";
import { kb, log, printTable } from "../lib/format.mjs";
import { startServer, tempDir } from "../lib/server.mjs";

const EMAIL = "bench-admin@example.com";
const PASSWORD = "a bench of ochre and linen";

async function page(base, path, cookie) {
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.text();
}

export async function bundleScenario() {
  const server = await startServer({
    dataDir: tempDir("atelier-bench-bundle-"),
    env: { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, ADMIN_NAME: "Bench Admin", AUTH_RATE_LIMIT_MULTIPLIER: "50" },
  });
  try {
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    log("bundle: reading /, /gallery and /admin…");
    const pages = { "/": await page(server.url, "/"), "/gallery": await page(server.url, "/gallery") };
    pages["/admin"] = await page(server.url, "/admin", cookie);
    const manifest = readManifest(pages["/"]);
    const adminOnly = adminOnlyChunks(manifest);

    const result = { pages: {}, adminOnly: { chunks: adminOnly.size, gzipBytes: sumGzip(adminOnly) } };
    for (const [path, html] of Object.entries(pages)) {
      const scripts = scriptsOf(html);
      const admin = [...scripts].filter((s) => adminOnly.has(s));
      result.pages[path] = {
        scripts: scripts.size,
        gzipBytes: sumGzip(scripts),
        adminChunks: admin.length,
        adminGzipBytes: sumGzip(admin),
      };
    }
    result.publicPagesLoadNoAdminCode = ["/", "/gallery"].every((p) => result.pages[p].adminChunks === 0);
    printTable(
      "bundle: JavaScript loaded by a page at once (gzip)",
      ["page", "files", "JS gzip", "admin-only files", "admin-only gzip"],
      Object.entries(result.pages).map(([path, r]) => [
        path,
        r.scripts,
        kb(r.gzipBytes),
        r.adminChunks,
        kb(r.adminGzipBytes),
      ]),
      [
        `All admin-only chunks (every admin page, loaded as the admin navigates): ${adminOnly.size} files, ${kb(result.adminOnly.gzipBytes)} gzip.`,
        `Public pages reference no admin-only chunk: ${result.publicPagesLoadNoAdminCode ? "yes" : "NO"}.`,
      ],
    );
    if (!result.publicPagesLoadNoAdminCode) throw new Error("a public page references admin-only JavaScript");
    return result;
  } finally {
    await server.stop();
  }
}
