// Security issue items 3, 5, 14 and 16 against a running production build: request bodies are refused before
// they are read, per-address limits hold behind a proxy whatever X-Forwarded-For a client invents, tokens
// never reach the log, and the headers a browser needs to fence the site in are there.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import sharp from "sharp";
import { pngWithHeader, solidPicture } from "../../support/images";
import { expect, test } from "../../support/fixtures";
import { spawnedSpecServer } from "../../support/spawn-server";

test.describe.configure({ mode: "serial" });

const server = spawnedSpecServer({
  SEED_DEMO: "false",
  LOG_LEVEL: "info",
  // One proxy in front of the app (nginx, Caddy): it appends the address it saw to X-Forwarded-For.
  TRUST_PROXY: "1",
});

function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(/\d+/.exec(line ?? "")?.[0] ?? 0);
}

/** Posts `size` bytes of a form body as a client would stream it; resolves with the status, its Retry-After and
 * how much of the body had been sent when the answer came. */
function postLarge(path: string, size: number, headers: Record<string, string> = {}) {
  let sent = 0;
  let answered = false;
  return new Promise<{ status: number; retryAfter: string | null; sentBeforeAnswer: number }>((resolve, reject) => {
    const url = new URL(path, server.url);
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(size), ...headers },
      },
      (res) => {
        answered = true;
        res.on("end", () => req.destroy());
        res.resume();
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers["retry-after"] ?? null,
          sentBeforeAnswer: sent,
        });
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server closes the connection after its answer; a write racing that close is expected, a connection
      // that dies before any answer is not.
      if (!answered) reject(new Error(`no answer before the connection ended: ${error.code ?? error.message}`));
    });
    const chunk = Buffer.alloc(1024 * 1024, "a");
    chunk.write("email=");
    const pump = () => {
      // A browser stops sending the body once the server has answered; so does this client.
      while (sent < size && !answered) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test("a 50 MB form body is refused with 413 at once and never read into memory", async () => {
  const before = rssKb(server.child.pid!);
  const size = 50 * 1024 * 1024;
  const answer = await postLarge("/newsletter", size);
  expect(answer.status).toBe(413);
  // Answered from the headers alone: most of the body was still on its way (a measure that holds on a loaded
  // machine, unlike a stopwatch).
  expect(answer.sentBeforeAnswer).toBeLessThan(size / 2);
  // The server did not buffer the body: it grew by far less than 50 MB.
  expect(rssKb(server.child.pid!) - before).toBeLessThan(50 * 1024);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("a path of thousands of segments is refused with 414 before any route looks at it, and the server lives", async () => {
  // 7,000 segments fit in Node's 16 KB of headers. Matched against the routes, parent path by parent path, one
  // such request held the server for 15 to 20 s; a shop's own paths have a handful.
  for (const path of ["/x".repeat(7000), `${"/x".repeat(7000)}.data`, `/${"a".repeat(3000)}`]) {
    const answer = await fetch(`${server.url}${path}`);
    expect(answer.status).toBe(414);
    expect(await answer.text()).toBe("URI Too Long");
  }
  // A deep path within the limits is an ordinary 404, and the server answers at once.
  expect((await fetch(`${server.url}${"/x".repeat(20)}`)).status).toBe(404);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("an address that climbs out of an upload route with .. is refused before its body is read, and the server lives", async () => {
  // Sized as an upload (chunked, unlimited) but answered by /contact, which reads its body into memory: a 300 MB
  // body held the server for 20 s and 3 GB. Browsers resolve dot segments before sending; only a tool sends one.
  const before = rssKb(server.child.pid!);
  for (const path of [
    "/admin/media/../../contact",
    "/admin/import/%2e%2e/%2E%2E/contact",
    "/admin/media\\..\\..\\contact",
  ]) {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(server.url);
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: "POST", path, headers: { "content-type": "text/plain" } },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      // Chunked, and never ended by this client: only the server's answer ends the exchange.
      req.write(Buffer.alloc(1024 * 1024, "a"));
    });
    expect(answer).toEqual({ status: 400, body: "Bad Request: the address has a . or .. segment, or a backslash." });
  }
  expect(rssKb(server.child.pid!) - before).toBeLessThan(50 * 1024);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("a commission request with pictures is budgeted per address before its body is read, and told when to try again", async () => {
  // Up to 51 MB may come with reference images, held in memory while read: one address gets 10 such bodies
  // in 10 minutes, and the 11th is answered 429 from its headers, with most of it still on its way.
  const from = { "content-type": "multipart/form-data; boundary=atelier", "x-forwarded-for": "203.0.113.77" };
  const size = 50 * 1024 * 1024;
  for (let i = 0; i < 10; i++) expect((await postLarge("/commissions", 100 * 1024, from)).status).toBe(400);
  const refused = await postLarge("/commissions", size, from);
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect(refused.sentBeforeAnswer).toBeLessThan(size / 2);
  // Another address still has its budget; the server lives.
  const other = { ...from, "x-forwarded-for": "203.0.113.78" };
  expect((await postLarge("/commissions", 100 * 1024, other)).status).toBe(400);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("senders that trickle pictures are cut off, and the upload slots they held serve others", async () => {
  test.setTimeout(120_000);
  // Three addresses, each declaring 50 MB of pictures and sending a byte every two seconds: together they hold
  // every slot a process reads uploads in (three), and once held them five minutes (a probe, 26 November).
  const { port } = new URL(server.url);
  const trickle = (address: string) =>
    new Promise<string>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      const timer = setInterval(() => socket.write("a"), 2_000);
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(timer);
        resolve(answer);
      });
      socket.write(
        [
          "POST /commissions HTTP/1.1",
          `Host: 127.0.0.1:${port}`,
          "Content-Type: multipart/form-data; boundary=atelier",
          "Content-Length: 52428800",
          `X-Forwarded-For: ${address}`,
          "",
          "--atelier\r\n",
        ].join("\r\n"),
      );
    });
  const started = Date.now();
  const slow = ["203.0.113.91", "203.0.113.92", "203.0.113.93"].map(trickle);
  // While they hold the slots, another sender is asked to wait.
  const from = { "content-type": "multipart/form-data; boundary=atelier", "x-forwarded-for": "203.0.113.94" };
  await expect.poll(async () => (await postLarge("/commissions", 100 * 1024, from)).status).toBe(503);
  // Past the first 20 s, a byte every two seconds is far behind 16 KB a second: each is cut off, its connection
  // closed without an answer.
  for (const answer of await Promise.all(slow)) expect(answer).toBe("");
  // Within three times the 20 s it is given, not the five minutes of Node's request timeout.
  expect(Date.now() - started).toBeLessThan(60_000);
  // The slots are free again: the next sender's (malformed) form is read and answered.
  expect((await postLarge("/commissions", 100 * 1024, from)).status).toBe(400);
});

test("a commission reference that would take hundreds of megabytes to decode is refused from its header, beside the field", async () => {
  // 10,000 x 10,000, 16-bit RGBA, interlaced: a few hundred bytes that decode to 800 MB.
  const png = pngWithHeader(10_000, 10_000, { depth: 16, interlaced: true });
  // 6,000 x 6,000 in AVIF, which libheif holds whole: a kilobyte or two that took 700 MB to read.
  const avif = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#c86432" } })
    .avif({ effort: 0, quality: 20 })
    .toBuffer();
  const bombs = [
    { bytes: png, type: "image/png", name: "wall.png", says: "interlaced (progressive) and too large to read safely" },
    { bytes: avif, type: "image/avif", name: "wall.avif", says: "too large to read safely as AVIF or HEIC" },
  ];
  for (const [i, bomb] of bombs.entries()) {
    const form = new FormData();
    form.set("name", "Bomb Sender");
    form.set("email", "bomb@example.com");
    form.set("description", "A large abstract painting for a long white wall.");
    form.set("budget", "2000-5000");
    form.set("submissionKey", `decode-bomb-000${i}`);
    form.set("references", new Blob([new Uint8Array(bomb.bytes)], { type: bomb.type }), bomb.name);
    const before = rssKb(server.child.pid!);
    const answer = await fetch(`${server.url}/commissions`, {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": `203.0.113.${60 + i}` },
    });
    expect(answer.status, bomb.name).toBe(400);
    expect(await answer.text(), bomb.name).toContain(bomb.says);
    // Nothing of the sort was decoded (it would have taken hundreds of megabytes).
    expect(rssKb(server.child.pid!) - before, bomb.name).toBeLessThan(200 * 1024);
  }
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("a commission request refused for its last picture leaves none of the good ones before it on disk", async () => {
  // The upload budget counts requests, not what they leave behind: four good pictures then a broken one, ten
  // times in ten minutes from one address, each left its good pictures where nothing listed or removed them.
  const media = join(server.dataDir, "media");
  const mediaFiles = () =>
    existsSync(media)
      ? readdirSync(media, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
  const form = new FormData();
  form.set("name", "Disk Filler");
  form.set("email", "filler@example.com");
  form.set("description", "A large abstract painting for a long white wall.");
  form.set("budget", "2000-5000");
  form.set("submissionKey", "disk-filler-0001");
  for (const colour of ["#a83", "#38a", "#8a3", "#3a8"])
    form.append(
      "references",
      new Blob([new Uint8Array(await solidPicture(300, 300, colour, "png"))], { type: "image/png" }),
      `${colour.slice(1)}.png`,
    );
  const broken = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(4096, "junk")]);
  form.append("references", new Blob([new Uint8Array(broken)], { type: "image/png" }), "broken.png");
  const before = mediaFiles();
  const answer = await fetch(`${server.url}/commissions`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": "203.0.113.70" },
  });
  expect(answer.status).toBe(400);
  const page = await answer.text();
  expect(page).toContain("broken.png");
  expect(page).toContain("This file is not an image");
  expect(mediaFiles()).toBe(before);
});

test("every route class has its limit: the webhook before the signature, sign-in, forms", async () => {
  expect((await postLarge("/webhooks/stripe", 2 * 1024 * 1024, { "stripe-signature": "t=1,v1=00" })).status).toBe(413);
  expect((await postLarge("/api/auth/sign-in/email", 17 * 1024, { "content-type": "application/json" })).status).toBe(
    413,
  );
  expect((await postLarge("/contact", 65 * 1024)).status).toBe(413);
  expect((await postLarge("/checkout", 65 * 1024)).status).toBe(413);
  // A body of unknown length is refused where the route does not limit its own stream.
  const chunked = await fetch(`${server.url}/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=a%40example.com"));
        controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);
  expect(chunked.status).toBe(411);
});

test("sign-in counts guesses, not sign-ins: a dozen right ones pass, ten wrong ones make even the right one wait", async () => {
  // Its own client address behind the proxy, so no other test's requests count here.
  const headers = { "content-type": "application/json", origin: server.url, "x-forwarded-for": "198.51.100.200" };
  const account = { email: "busy.owner@example.com", password: "a long and quiet studio passphrase" };
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Busy Owner", ...account }),
  });
  expect(signUp.status).toBe(200);
  const signIn = (password: string) =>
    fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: account.email, password }),
    }).then((r) => r.status);

  const right: number[] = [];
  for (let n = 0; n < 12; n++) right.push(await signIn(account.password));
  expect(right).toEqual(Array(12).fill(200));

  const wrong: number[] = [];
  for (let n = 0; n < 10; n++) wrong.push(await signIn("not the passphrase"));
  expect(wrong).toEqual(Array(10).fill(401));
  expect(await signIn(account.password)).toBe(429);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("behind one proxy, a client that invents X-Forwarded-For addresses still meets the per-address limit, told when to try again", async () => {
  const statuses: number[] = [];
  const retryAfter: (string | null)[] = [];
  for (let n = 1; n <= 30; n++) {
    const form = new URLSearchParams({ number: "A-2026-0001", email: "probe@example.com" });
    const answer = await fetch(`${server.url}/track-order`, {
      method: "POST",
      // What the proxy forwards: the client's invented address, then the address the proxy saw.
      headers: { "x-forwarded-for": `203.0.113.${n}, 192.0.2.77` },
      body: form,
      redirect: "manual",
    });
    statuses.push(answer.status);
    retryAfter.push(answer.headers.get("retry-after"));
  }
  expect(statuses).toContain(429);
  expect(statuses.indexOf(429)).toBe(10);
  // The page a browser posted without JavaScript says it too, as the action answered it (not only its data).
  expect(Number(retryAfter[10])).toBeGreaterThan(0);
  expect(retryAfter.slice(0, 10)).toEqual(Array(10).fill(null));
});

test("a client holding an IPv6 /48 cannot multiply its budget by rotating /64s: the network has 64 times one address's", async () => {
  const track = (address: string) =>
    fetch(`${server.url}/track-order`, {
      method: "POST",
      // The proxy saw the client at `address`.
      headers: { "x-forwarded-for": address },
      body: new URLSearchParams({ number: "A-2026-0001", email: "probe@example.com" }),
      redirect: "manual",
    }).then((answer) => answer.status);
  // Ten requests (the limit of one address) from each of 64 /64s of 2001:db8:4a::/48, sixteen at a time.
  const statuses: number[] = [];
  for (let batch = 0; batch < 40; batch++)
    statuses.push(
      ...(await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          const n = batch * 16 + i;
          return track(`2001:db8:4a:${(n % 64).toString(16)}::${Math.floor(n / 64) + 1}`);
        }),
      )),
    );
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  // The network has spent 64 addresses' worth: a /64 of it that has sent nothing is refused.
  expect(await track("2001:db8:4a:ffff::1")).toBe(429);
  // Another /48, and an IPv4 client, are not held back by it.
  expect(await track("2001:db8:4b:1::1")).not.toBe(429);
  expect(await track("198.51.100.48")).not.toBe(429);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("one inbox's sub-addresses share its budget: a stranger rotating addresses and +tags cannot mail it past its limit", async () => {
  const signUp = (email: string, n: number) =>
    fetch(`${server.url}/newsletter`, {
      method: "POST",
      // Each from an address of its own, so only the per-inbox limit (3 sign-ups a day) can refuse it.
      headers: { "x-forwarded-for": `198.51.100.${100 + n}` },
      body: new URLSearchParams({ email }),
      redirect: "manual",
    }).then((answer) => answer.status);
  const gmail = ["someone.else@gmail.com", "some.one.else+a@gmail.com", "SomeOneElse+b@googlemail.com"];
  const statuses: number[] = [];
  for (const [n, email] of [...gmail, "someoneelse+c@gmail.com", "someoneelse@gmail.com"].entries())
    statuses.push(await signUp(email, n));
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  // Another inbox at the same provider is not held back by it.
  expect(await signUp("someoneother@gmail.com", 9)).toBe(200);
});

test("behind a trusted proxy, its X-Forwarded-Host and X-Forwarded-Proto are read as Express reads them: never a 500", async () => {
  const page = (headers: Record<string, string>) => fetch(`${server.url}/artwork/no-such-work`, { headers });
  // React Router's adapter took the port from the whole header (99999), and its new URL threw.
  expect((await page({ "x-forwarded-host": "studio.example, x:99999" })).status).toBe(404);
  expect((await page({ "x-forwarded-host": "a/b:99999" })).status).toBe(400);
  // A proxy that writes its scheme in capitals is still understood; nonsense is refused.
  expect((await page({ "x-forwarded-proto": "HTTPS" })).status).toBe(404);
  expect((await page({ "x-forwarded-proto": "ht tp" })).status).toBe(400);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("every request's log line names the address it arrived at, under the id a proxy sent: pages, their stored hits, scripts", async () => {
  const html = await (await fetch(`${server.url}/privacy`)).text();
  const script = /\/assets\/[\w-]+\.js/.exec(html)?.[0];
  expect(script).toBeTruthy();
  const sent = [
    ["edge-page", "/privacy?ref=mail"], // stored by the request above: a hit, answered ahead of the middleware
    ["edge-script", script!], // served by the router mounted on /assets
    ["edge-missing", "/no-such-page"],
  ] as const;
  for (const [id, path] of sent) {
    const response = await fetch(`${server.url}${path}`, { headers: { "x-request-id": id } });
    await response.arrayBuffer();
    if (id !== "edge-script") expect(response.headers.get("x-request-id"), path).toBe(id);
  }
  const lines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { requestId?: string; url?: string; status?: number; msg?: string });
  await expect
    .poll(() => sent.map(([id]) => lines().find((l) => l.msg === "request" && l.requestId === id)?.url))
    .toEqual(sent.map(([, path]) => path));
  expect(lines().find((l) => l.requestId === "edge-missing")?.status).toBe(404);
});

test("reset, magic-link, verification and setup tokens never reach the log", async () => {
  const secrets = ["RESETSECRET1234567890", "MAGICSECRET1234567890", "VERIFYSECRET123456789", "SETUPSECRET1234567890"];
  await fetch(`${server.url}/api/auth/reset-password/${secrets[0]}?callbackURL=%2Fauth`, { redirect: "manual" });
  await fetch(`${server.url}/api/auth/magic-link/verify?token=${secrets[1]}&callbackURL=%2F`, { redirect: "manual" });
  await fetch(`${server.url}/api/auth/verify-email?token=${secrets[2]}`, { redirect: "manual" });
  await fetch(`${server.url}/auth?setup=${secrets[3]}`, { redirect: "manual" });
  await fetch(`${server.url}/gallery?q=blue&access_token=${secrets[0]}`, { redirect: "manual" });
  // An approved hold's link: whoever has it may buy the held work.
  await fetch(`${server.url}/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&hold=${secrets[3]}`);
  await expect.poll(() => server.output()).toContain("/api/auth/verify-email?[redacted]");
  for (const secret of secrets) expect(server.output()).not.toContain(secret);
});

test("the headers fence the site in: Permissions-Policy, and a CSP that connects only to this site", async () => {
  const response = await fetch(`${server.url}/`);
  const csp = response.headers.get("content-security-policy") ?? "";
  const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.trim().split(/\s+/);
  expect(connect).toEqual(["'self'", server.url.replace("http:", "ws:")]);
  expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(response.headers.get("permissions-policy")).toContain("payment=()");
  // What was there before stays.
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(csp).toContain("frame-ancestors 'none'");
  // Scripts only from the site and by nonce (a rendered page) or by hash (a page from the cache), never inline.
  const scripts = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
  expect(scripts).toMatch(/^'self' '(nonce|sha256)-/);
  expect(scripts).not.toContain("unsafe-inline");
});

test("the browser understands every feature the Permissions-Policy names: nothing about it in the console", async ({
  page,
}) => {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
  await page.goto(`${server.url}/`);
  await expect(page.getByRole("link", { name: "Gallery" }).first()).toBeVisible();
  expect(messages.filter((m) => /permissions-policy/i.test(m))).toEqual([]);
});

test("a page's answer carries the request id of its log line; a hashed script or a picture does not", async ({
  request,
}) => {
  // On the shared server: the demo catalogue has pictures.
  const page = await request.get("/gallery");
  expect(page.headers()["x-request-id"]).toMatch(/^[\w-]{36}$/);
  const html = await page.text();
  const script = /\/assets\/[\w-]+\.js/.exec(html)?.[0];
  const picture = /\/media\/\w+\/[\w.]+\.(avif|webp)/.exec(html)?.[0];
  expect(script && picture).toBeTruthy();
  // A page loads about ten of each: 52 bytes of headers apiece that nobody quotes (issue 12, JS budget).
  for (const path of [script!, picture!]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-request-id"], path).toBeUndefined();
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
  }
});

test("a session-refresh key a client sends is replaced: no session cookie is handed out for it, and the server lives", async ({
  request,
}) => {
  // The header the server sets on requests that carry a session cookie (server/session-refresh.ts), forged, with
  // and without a forged session cookie beside it.
  for (const key of ["1", "guess", "0".repeat(4000)]) {
    for (const cookie of [undefined, "atelier.session_token=forged.signature"]) {
      const answer = await request.get("/gallery", {
        headers: { "x-atelier-session-refresh": key, ...(cookie ? { cookie } : {}) },
      });
      expect(answer.status()).toBe(200);
      // At most the forged cookie is cleared (Max-Age=0); no session cookie is ever set.
      const set = answer
        .headersArray()
        .filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("atelier.session_token="));
      expect(set.filter((h) => !/Max-Age=0/i.test(h.value))).toEqual([]);
    }
  }
  expect((await request.get("/healthz")).status()).toBe(200);
});
