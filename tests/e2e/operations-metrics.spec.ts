// GET /metrics against a running production build (issue 13 item 7): Prometheus text with requests by route,
// the page cache, jobs, the outbox and websockets; open from this machine, refused through a proxy or from
// elsewhere unless the METRICS_TOKEN is sent.
import { expect, test } from "../support/fixtures";
import { spawnedSpecServer } from "../support/spawn-server";

const TOKEN = "a-metrics-token-for-the-scraper";
const server = spawnedSpecServer({ METRICS_TOKEN: TOKEN, TRUST_PROXY: "1" }, { data: "demo" });

test("/metrics counts requests by route and reports the cache, jobs, outbox and websockets", async () => {
  for (let i = 0; i < 3; i++) {
    const page = await fetch(`${server.url}/gallery`);
    await page.text();
    expect(page.status).toBe(200);
  }
  // Read the whole answer: a request is counted once its response has finished.
  await (await fetch(`${server.url}/no-such-page-${Date.now()}`)).text();
  // Counted when the server has finished sending it, which can be a moment after the client read it.
  await expect
    .poll(async () => (await (await fetch(`${server.url}/metrics`)).text()).includes('route="other",status="4xx"} 1'))
    .toBe(true);
  const response = await fetch(`${server.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  expect(text).toMatch(/^atelier_http_requests_total\{method="GET",route="\/gallery",status="2xx"\} 3$/m);
  expect(text).toMatch(/^atelier_http_requests_total\{method="GET",route="other",status="4xx"\} 1$/m);
  expect(text).toMatch(/^atelier_http_request_duration_seconds_count\{route="\/gallery"\} 3$/m);
  expect(text).toMatch(/^atelier_page_cache_requests_total\{result="hit"\} [1-9]\d*$/m);
  expect(text).toMatch(/^atelier_jobs_due \d+$/m);
  expect(text).toMatch(/^atelier_mail_outbox\{status="pending"\} \d+$/m);
  expect(text).toMatch(/^atelier_realtime_connections 0$/m);
  expect(text).toMatch(/^atelier_process_resident_memory_bytes \d+$/m);
});

test("/metrics through a proxy needs the token", async () => {
  const proxied = { "x-forwarded-for": "203.0.113.7" };
  expect((await fetch(`${server.url}/metrics`, { headers: proxied })).status).toBe(403);
  expect(
    (await fetch(`${server.url}/metrics`, { headers: { ...proxied, authorization: "Bearer wrong" } })).status,
  ).toBe(403);
  const allowed = await fetch(`${server.url}/metrics`, { headers: { ...proxied, authorization: `Bearer ${TOKEN}` } });
  expect(allowed.status).toBe(200);
  expect(await allowed.text()).toContain("# TYPE atelier_http_requests_total counter");
});
