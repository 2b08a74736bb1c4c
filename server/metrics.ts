// GET /metrics in Prometheus' text format (docs/operations.md "Monitoring"): requests and their latency by
// route, the page cache's hits, the job queue, the mail outbox, websockets, the database pool and the process.
// Counted in this process's memory (each process answers for itself; scrape every one). Routes are grouped
// into a fixed set of labels, so no visitor can grow the series.
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { eventBus } from "~/modules/events/bus.server";
import { outboxCounts } from "~/modules/mail/mail.server";
import { realtimeHub } from "~/modules/realtime/hub.server";
import { services } from "~/services.server";

const BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

const ROUTES: [RegExp, string][] = [
  [/^\/$/, "/"],
  [/^\/healthz$/, "/healthz"],
  [/^\/metrics$/, "/metrics"],
  [/^\/realtime$/, "/realtime"],
  [/^\/assets\//, "/assets/*"],
  [/^\/media\//, "/media/*"],
  [/^\/og\//, "/og/*"],
  [/^\/api\/auth\//, "/api/auth/*"],
  [/^\/api\//, "/api/*"],
  // A metrics label naming every admin page at once, not a URL.
  // eslint-disable-next-line no-restricted-syntax
  [/^\/admin(\/|$)/, "/admin/*"],
  [/^\/artwork\//, "/artwork/:id"],
  [/^\/blog\/[^/]+/, "/blog/:slug"],
  [
    /^\/(gallery|shop|about|blog|contact|commissions|cart|checkout|order-confirmation|track-order|auth|account|newsletter|sitemap\.xml|rss\.xml|robots\.txt)(\.data)?$/,
    "",
  ],
  [/^\/webhooks\//, "/webhooks/*"],
];

/** The label of a path: one of a fixed set. */
export function routeLabel(path: string): string {
  const clean = path.replace(/\.data$/, "");
  for (const [pattern, label] of ROUTES) if (pattern.test(path)) return label || clean;
  return "other";
}

interface Series {
  count: number;
  sumMs: number;
  buckets: number[];
}

const requests = new Map<string, number>();
const latency = new Map<string, Series>();
const cache = { hit: 0, miss: 0, bypass: 0 };
let poolStats: (() => { total: number; idle: number; waiting: number }) | undefined;

/** The database pool's numbers (PostgreSQL only), set at boot. */
export function setPoolStats(read: typeof poolStats): void {
  poolStats = read;
}

export function recordRequest(method: string, path: string, status: number, ms: number, cacheState?: string): void {
  const route = routeLabel(path);
  const key = `${method}|${route}|${Math.floor(status / 100)}xx`;
  requests.set(key, (requests.get(key) ?? 0) + 1);
  const series = latency.get(route) ?? { count: 0, sumMs: 0, buckets: BUCKETS_MS.map(() => 0) };
  series.count += 1;
  series.sumMs += ms;
  BUCKETS_MS.forEach((limit, i) => {
    if (ms <= limit) series.buckets[i]! += 1;
  });
  latency.set(route, series);
  if (cacheState === "hit" || cacheState === "miss" || cacheState === "bypass") cache[cacheState] += 1;
}

const esc = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/** The whole exposition, read at the moment of the scrape. */
export async function renderMetrics(): Promise<string> {
  const out: string[] = [];
  const metric = (name: string, type: string, help: string) =>
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

  metric("atelier_http_requests_total", "counter", "HTTP requests answered, by method, route and status class.");
  for (const [key, n] of requests) {
    const [method, route, status] = key.split("|");
    out.push(`atelier_http_requests_total{method="${esc(method!)}",route="${esc(route!)}",status="${status}"} ${n}`);
  }
  metric("atelier_http_request_duration_seconds", "histogram", "Time to answer, by route.");
  for (const [route, s] of latency) {
    BUCKETS_MS.forEach((limit, i) =>
      out.push(
        `atelier_http_request_duration_seconds_bucket{route="${esc(route)}",le="${limit / 1000}"} ${s.buckets[i]}`,
      ),
    );
    out.push(`atelier_http_request_duration_seconds_bucket{route="${esc(route)}",le="+Inf"} ${s.count}`);
    out.push(`atelier_http_request_duration_seconds_sum{route="${esc(route)}"} ${(s.sumMs / 1000).toFixed(6)}`);
    out.push(`atelier_http_request_duration_seconds_count{route="${esc(route)}"} ${s.count}`);
  }
  metric("atelier_page_cache_requests_total", "counter", "Public pages by the page cache's answer.");
  for (const [result, n] of Object.entries(cache))
    out.push(`atelier_page_cache_requests_total{result="${result}"} ${n}`);

  // What the database holds, when it answers: out of reach, the rest is still scraped, and says so.
  let databaseUp = 1;
  try {
    const { db } = services();
    const [jobs] = await queryRows<{ due: number; waiting: number; oldest: number | null }>(
      db,
      sql`select count(*) filter (where run_at <= now())::int as due,
                 count(*) filter (where run_at > now())::int as waiting,
                 extract(epoch from now() - min(run_at) filter (where run_at <= now()))::float8 as oldest
          from jobs where done_at is null`,
    );
    const outbox = await outboxCounts();
    metric("atelier_jobs_due", "gauge", "Background jobs due to run now.");
    out.push(`atelier_jobs_due ${jobs?.due ?? 0}`);
    metric("atelier_jobs_scheduled", "gauge", "Background jobs scheduled for later.");
    out.push(`atelier_jobs_scheduled ${jobs?.waiting ?? 0}`);
    metric("atelier_jobs_oldest_due_age_seconds", "gauge", "How long the oldest due job has waited.");
    out.push(`atelier_jobs_oldest_due_age_seconds ${Math.max(0, jobs?.oldest ?? 0).toFixed(3)}`);

    metric("atelier_mail_outbox", "gauge", "Messages in the mail outbox, by status.");
    for (const [status, n] of Object.entries(outbox)) out.push(`atelier_mail_outbox{status="${status}"} ${n}`);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    databaseUp = 0;
  }
  metric("atelier_database_up", "gauge", "1 when the database answered this scrape, 0 when it was out of reach.");
  out.push(`atelier_database_up ${databaseUp}`);

  // On PostgreSQL only: a process on PGlite is the only one, with nobody to listen to.
  const listening = eventBus().listening;
  if (listening !== undefined) {
    metric(
      "atelier_event_bus_up",
      "gauge",
      "1 when the other processes' events reach this one (its LISTEN connection is open), 0 while it reconnects.",
    );
    out.push(`atelier_event_bus_up ${listening ? 1 : 0}`);
  }

  metric("atelier_realtime_connections", "gauge", "Open realtime websockets of this process.");
  out.push(`atelier_realtime_connections ${realtimeHub().size()}`);

  if (poolStats) {
    const pool = poolStats();
    metric("atelier_db_pool_connections", "gauge", "PostgreSQL pool connections, by state.");
    out.push(`atelier_db_pool_connections{state="total"} ${pool.total}`);
    out.push(`atelier_db_pool_connections{state="idle"} ${pool.idle}`);
    metric("atelier_db_pool_waiting", "gauge", "Queries waiting for a pool connection.");
    out.push(`atelier_db_pool_waiting ${pool.waiting}`);
  }

  const memory = process.memoryUsage();
  metric("atelier_process_resident_memory_bytes", "gauge", "Resident memory of this process.");
  out.push(`atelier_process_resident_memory_bytes ${memory.rss}`);
  metric("atelier_process_uptime_seconds", "gauge", "Seconds since this process started.");
  out.push(`atelier_process_uptime_seconds ${process.uptime().toFixed(0)}`);
  return `${out.join("\n")}\n`;
}
