import { describe, expect, it } from "vitest";
import { isCancellation, quietCancellations } from "./cancellations";

/** An unhandled rejection as the browser dispatches it: cancelable, with its reason. */
function rejection(reason: unknown): Event {
  return Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });
}

describe("cancellations", () => {
  it("lets a cancelled request's or a skipped transition's rejection go", () => {
    const target = new EventTarget();
    quietCancellations(target);
    const aborted = new AbortController();
    aborted.abort();
    for (const reason of [aborted.signal.reason, new DOMException("Transition was skipped", "AbortError")]) {
      const event = rejection(reason);
      target.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    }
  });

  it("keeps every other rejection reported", () => {
    const target = new EventTarget();
    quietCancellations(target);
    for (const reason of [
      new Error("signal is aborted without reason"),
      new DOMException("The operation timed out.", "TimeoutError"),
      "AbortError",
      undefined,
    ]) {
      const event = rejection(reason);
      target.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
      expect(isCancellation(reason)).toBe(false);
    }
  });
});
