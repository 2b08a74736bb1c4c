// Spec §3 "Offline queue operation", §7 "Queued offline writes", §8, §9: a write made while the browser is
// offline (a switch, a reorder, an availability change, a notification read) is kept in local storage under
// `realtime_queue` as { id, timestamp, retries, maxRetries, type, table, data }, at most 100, and replayed in
// order when the connection returns. A replay the server refuses is retried up to maxRetries, then dropped
// with a log line and a toast. The server accepts only the tables and changes the user may make
// (`app/modules/realtime/offline-writes.server.ts`); this file is the browser's side and its pure rules.

export const OFFLINE_QUEUE_KEY = "realtime_queue";
export const OFFLINE_QUEUE_MAX = 100;
export const OFFLINE_MAX_RETRIES = 3;
/** Where a replayed operation is sent, one at a time. */
export const OFFLINE_QUEUE_URL = "/api/offline-queue";

export type OperationType = "insert" | "update" | "delete";
export type OperationData = Record<string, string | number | boolean | null>;

export interface QueuedOperation {
  id: string;
  timestamp: number;
  retries: number;
  maxRetries: number;
  type: OperationType;
  table: string;
  data: OperationData;
}

/** What a page asks to queue: the rest (id, time, retries) is filled in. */
export type NewOperation = Pick<QueuedOperation, "type" | "table" | "data">;

export class OfflineQueueFullError extends Error {
  constructor() {
    super(`${OFFLINE_QUEUE_MAX} changes are already waiting to be saved. Reconnect before making more.`);
  }
}

/** The queue with `ops` added at the end; all or nothing, never more than OFFLINE_QUEUE_MAX. */
export function appendOperations(
  queue: readonly QueuedOperation[],
  ops: readonly NewOperation[],
  now: number,
  newId: () => string,
): QueuedOperation[] {
  if (queue.length + ops.length > OFFLINE_QUEUE_MAX) throw new OfflineQueueFullError();
  return [
    ...queue,
    ...ops.map((op) => ({ ...op, id: newId(), timestamp: now, retries: 0, maxRetries: OFFLINE_MAX_RETRIES })),
  ];
}

/** After a refused replay: the operation with one more retry, or undefined when it has used them all. */
export function afterFailure(op: QueuedOperation): QueuedOperation | undefined {
  const retries = op.retries + 1;
  return retries >= op.maxRetries ? undefined : { ...op, retries };
}

/** Reads a stored queue, keeping only well-formed operations (the storage is the user's to edit). */
export function parseQueue(raw: string | null): QueuedOperation[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isOperation).slice(0, OFFLINE_QUEUE_MAX);
}

function isOperation(value: unknown): value is QueuedOperation {
  if (typeof value !== "object" || value === null) return false;
  const op = value as Record<string, unknown>;
  return (
    typeof op.id === "string" &&
    typeof op.timestamp === "number" &&
    typeof op.retries === "number" &&
    typeof op.maxRetries === "number" &&
    (op.type === "insert" || op.type === "update" || op.type === "delete") &&
    typeof op.table === "string" &&
    typeof op.data === "object" &&
    op.data !== null &&
    !Array.isArray(op.data)
  );
}

/**
 * Rows as the page should show them while changes wait: each queued update to `table` applied over the row
 * with the same id, in order (`fields` maps the table's column names to the row's property names).
 */
export function applyQueued<Row extends { id: string }>(
  rows: readonly Row[],
  queue: readonly QueuedOperation[],
  table: string,
  fields: Partial<Record<string, keyof Row>>,
): Row[] {
  const changes = new Map<string, Record<string, unknown>>();
  const deleted = new Set<string>();
  for (const op of queue) {
    if (op.table !== table || typeof op.data.id !== "string") continue;
    if (op.type === "delete") deleted.add(op.data.id);
    if (op.type !== "update") continue;
    const change = { ...changes.get(op.data.id) };
    for (const [column, value] of Object.entries(op.data)) {
      const field = fields[column];
      if (field !== undefined) change[String(field)] = value;
    }
    changes.set(op.data.id, change);
  }
  if (!changes.size && !deleted.size) return [...rows];
  return rows.filter((row) => !deleted.has(row.id)).map((row) => ({ ...row, ...changes.get(row.id) }));
}

// --- The browser's store ------------------------------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; queue: QueuedOperation[] } = { raw: null, queue: [] };

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The queue as stored now (the same array until it changes, for useSyncExternalStore). */
export function readQueue(): QueuedOperation[] {
  const raw = storage()?.getItem(OFFLINE_QUEUE_KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, queue: parseQueue(raw) };
  return cached.queue;
}

const EMPTY: QueuedOperation[] = [];
/** The server render's view of the queue: empty. */
export const serverQueue = (): QueuedOperation[] => EMPTY;

function writeQueue(queue: readonly QueuedOperation[]): void {
  const store = storage();
  if (!store) return;
  if (queue.length) store.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(queue));
  else store.removeItem(OFFLINE_QUEUE_KEY);
  for (const listener of listeners) listener();
}

/** Subscribes to changes of the queue, from this tab and from others. */
export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === OFFLINE_QUEUE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Keeps `ops` to replay when the browser is back online. Throws OfflineQueueFullError past 100. */
export function queueOperations(ops: readonly NewOperation[]): void {
  writeQueue(appendOperations(readQueue(), ops, Date.now(), () => crypto.randomUUID()));
}

/** Whether the browser says it has no connection (the moment to queue instead of sending). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

export interface ReplayReport {
  /** Operations the server applied. */
  landed: number;
  /** Operations given up after their last retry, with the server's reason. */
  dropped: { op: QueuedOperation; reason: string }[];
}

let replaying: Promise<ReplayReport> | null = null;

/**
 * Sends the queue to the server, oldest first, one operation at a time. A network failure stops the replay
 * and keeps everything (the next reconnect tries again); a refusal counts a retry, and the operation is
 * dropped after its last one. One replay at a time per tab, and one across tabs where the browser has locks.
 */
export function replayQueue(send: (op: QueuedOperation) => Promise<Response> = sendOperation): Promise<ReplayReport> {
  replaying ??= (async () => {
    try {
      const run = () => replayOnce(send);
      return typeof navigator !== "undefined" && navigator.locks
        ? await navigator.locks.request(OFFLINE_QUEUE_KEY, run)
        : await run();
    } finally {
      replaying = null;
    }
  })();
  return replaying;
}

async function replayOnce(send: (op: QueuedOperation) => Promise<Response>): Promise<ReplayReport> {
  const report: ReplayReport = { landed: 0, dropped: [] };
  for (;;) {
    const [op] = readQueue();
    if (!op || isOffline()) return report;
    let response: Response;
    try {
      response = await send(op);
    } catch {
      return report; // no connection after all: kept for the next reconnect
    }
    const rest = readQueue().filter((o) => o.id !== op.id);
    if (response.ok) {
      report.landed += 1;
      writeQueue(rest);
      continue;
    }
    const reason = await response
      .json()
      .then((body: { error?: unknown }) => (typeof body.error === "string" ? body.error : `status ${response.status}`))
      .catch(() => `status ${response.status}`);
    const retried = afterFailure(op);
    console.warn(`Queued change to ${op.table} failed (attempt ${op.retries + 1} of ${op.maxRetries}): ${reason}`);
    if (retried) {
      // Kept in its place, so later changes still land after it: a refusal is tried again at once (until
      // its retries are spent), a server error at the next reconnect.
      writeQueue(readQueue().map((o) => (o.id === op.id ? retried : o)));
      if (response.status >= 500) return report;
      continue;
    }
    report.dropped.push({ op, reason });
    writeQueue(rest);
  }
}

function sendOperation(op: QueuedOperation): Promise<Response> {
  return fetch(OFFLINE_QUEUE_URL, {
    method: "POST",
    headers: { accept: "application/json" },
    body: new URLSearchParams({ operation: JSON.stringify(op) }),
  });
}

/** A new order of rows to queue offline: each id's position written to `column` of `table` (read by queuedOrder). */
export function reorderOperations(ids: readonly string[], table: string, column: string): NewOperation[] {
  return ids.map((id, position) => ({ type: "update", table, data: { id, [column]: position } }));
}

/** Where a queued reorder puts `ids`: by the newest queued position of each (unqueued ones keep theirs). */
export function queuedOrder(
  ids: readonly string[],
  queue: readonly QueuedOperation[],
  table: string,
  column: string,
): string[] {
  const position = new Map<string, number>();
  for (const op of queue) {
    const value = op.data[column];
    if (op.table === table && op.type === "update" && typeof op.data.id === "string" && typeof value === "number")
      position.set(op.data.id, value);
  }
  if (!position.size) return [...ids];
  return ids
    .map((id, index) => ({ id, at: position.get(id) ?? index }))
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.id);
}
