// Issue 6: admin code must not load on public pages. Reads React Router's manifest from the build the server
// runs, finds the chunks that only admin routes use, and checks what the browser really requests on public
// pages (and, so the check is not empty, that /admin does request admin-only chunks).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { adminTest, expect } from "../support/admin-fixtures";
import { test } from "../support/fixtures";

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  hydrateFallbackModule?: string;
}

function adminOnlyChunks(): Set<string> {
  const dir = join("build", "client", "assets");
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  const text = readFileSync(join(dir, file!), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, ManifestRoute>;
  };
  const admin = new Set<string>();
  const other = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of Object.values(manifest.routes)) {
    const chunks = [
      route.module,
      ...(route.imports ?? []),
      route.clientActionModule,
      route.clientLoaderModule,
      route.hydrateFallbackModule,
    ].filter((c): c is string => Boolean(c));
    for (const chunk of chunks) (route.id.startsWith("routes/admin/") ? admin : other).add(chunk);
  }
  return new Set([...admin].filter((c) => !other.has(c)));
}

/** Every /assets/*.js the page requests while it loads, hydrates and is used a little (hover, scroll). */
async function scriptsRequested(page: Page, path: string): Promise<string[]> {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) seen.push(url.pathname);
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.mouse.wheel(0, 2000);
  await page.waitForLoadState("networkidle");
  return seen;
}

test("public pages load no admin-only JavaScript", async ({ page }) => {
  const adminOnly = adminOnlyChunks();
  expect(adminOnly.size).toBeGreaterThan(10);
  for (const path of ["/", "/gallery", "/about", "/blog"]) {
    const html = await (await page.request.get(path)).text();
    const referenced = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(referenced.length, `${path} references scripts`).toBeGreaterThan(0);
    expect(
      referenced.filter((s) => adminOnly.has(s)),
      `${path} HTML`,
    ).toEqual([]);
    const requested = await scriptsRequested(page, path);
    expect(requested.length, `${path} loads scripts`).toBeGreaterThan(0);
    expect(
      requested.filter((s) => adminOnly.has(s)),
      `${path} requests`,
    ).toEqual([]);
  }
});

adminTest("the admin pages do load their own chunks", async ({ page }) => {
  const adminOnly = adminOnlyChunks();
  const requested = await scriptsRequested(page, "/admin");
  expect(requested.filter((s) => adminOnly.has(s)).length).toBeGreaterThan(0);
});
