// The realtime connection's rules, apart from React and the browser so they can be tested on their own
// (spec §4 "Connection", §8, §9): when to reconnect and when to give up, the latency figure, and the metrics
// tick. `useRealtime` (app/components/realtime/use-realtime.ts) drives them with a WebSocket.
import {
  averageLatency,
  type ConnectionState,
  LATENCY_SAMPLES,
  LATENCY_TARGET_MS,
  METRICS_REFRESH_MS,
  PERMISSIONS_CHANGED_CLOSE,
  reconnectDelay,
  TOO_MANY_CONNECTIONS_CLOSE,
  UNAUTHORIZED_CLOSE,
} from "./realtime";

export interface ConnectionReport {
  state: (state: ConnectionState) => void;
  attempts: (attempts: number) => void;
}

/** Counts the attempts to reconnect and decides, on each close, what follows. */
export class Reconnection {
  private attempt = 0;

  constructor(private readonly report: ConnectionReport) {}

  /** The socket opened (spec §4: connected, and the attempts start again). */
  opened(): void {
    this.attempt = 0;
    this.report.attempts(0);
    this.report.state("connected");
  }

  /** A fresh start asked for (the Reconnect button, back online): the attempts start again. */
  reset(): void {
    this.attempt = 0;
    this.report.attempts(0);
  }

  /**
   * The socket closed with `code`: the state that follows, and the wait in ms before the next attempt, or
   * null for none. A channel error is the error state, retried 2000 ms × the attempt; after the 5th failed
   * attempt it gives up (spec §8: 'Max reconnection attempts reached').
   */
  closed(code: number, online: boolean): number | null {
    // The session ended (signed out in another tab, or expired): nothing to reconnect to.
    if (code === UNAUTHORIZED_CLOSE) {
      this.report.state("disconnected");
      return null;
    }
    // Still signed in, but what the session may see changed (an administrator's role or factor): joined again at
    // once, as what the session is now. Once: a second close before the socket joins is a failure like any other.
    if (code === PERMISSIONS_CHANGED_CLOSE && this.attempt === 0) {
      this.attempt = 1;
      this.report.attempts(1);
      this.report.state("connecting");
      return 0;
    }
    // Over the server's limit of open pages: trying again would be refused again.
    if (code === TOO_MANY_CONNECTIONS_CLOSE) {
      this.report.state("error");
      return null;
    }
    if (!online) {
      this.report.state("disconnected");
      return null;
    }
    this.report.state("error");
    this.attempt += 1;
    this.report.attempts(this.attempt);
    const delay = reconnectDelay(this.attempt);
    if (delay === null) console.warn("Max reconnection attempts reached");
    return delay;
  }
}

/** The round trips of the pings: the last LATENCY_SAMPLES of them, averaged. */
export class LatencyMeter {
  private readonly samples: number[] = [];
  private readonly sent = new Map<number, number>();
  private nextId = 1;

  /** A ping sent at `now`: its id, to be answered by a pong with the same id. */
  ping(now: number): number {
    const id = this.nextId++;
    this.sent.set(id, now);
    // Pings never answered are not kept for ever.
    if (this.sent.size > LATENCY_SAMPLES) this.sent.delete(this.sent.keys().next().value!);
    return id;
  }

  /** The pong of ping `id` arrived at `now`. */
  pong(id: number, now: number): void {
    const at = this.sent.get(id);
    this.sent.delete(id);
    if (at === undefined) return;
    this.samples.push(now - at);
    if (this.samples.length > LATENCY_SAMPLES) this.samples.shift();
  }

  /** The average round trip in ms, null before the first. */
  average(): number | null {
    return averageLatency(this.samples);
  }
}

/** Spec §8/§9: an average latency above the 100 ms target is noted as 'High latency detected'. */
export function isHighLatency(latency: number | null): boolean {
  return latency !== null && latency > LATENCY_TARGET_MS;
}

/**
 * The metrics tick (spec §9: every 1 s): a ping on the open socket, if there is one, and the latency figure
 * recomputed. Returns the function that stops it.
 */
export function startMetrics(
  meter: LatencyMeter,
  openSocket: () => { send: (data: string) => void } | null,
  report: (latency: number | null) => void,
  now: () => number = () => performance.now(),
): () => void {
  const timer = setInterval(() => {
    const ws = openSocket();
    if (ws) ws.send(JSON.stringify({ t: "ping", id: meter.ping(now()) }));
    report(meter.average());
  }, METRICS_REFRESH_MS);
  return () => clearInterval(timer);
}
