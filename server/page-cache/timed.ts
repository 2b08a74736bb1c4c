// Changes that come with the clock rather than a write: a scheduled journal post going public, an exhibition
// becoming current or past when the studio's day turns, the footer's year. Each is a known moment, so the
// affected pages are renewed exactly then (no expiry guessed for every page).
import type { Logger } from "~/logger.server";
import { nextScheduledPublication } from "~/modules/blog/blog.server";
import { subscribe } from "~/modules/events/bus.server";
import { studioToday } from "~/modules/exhibitions/exhibitions.server";
import type { Area } from "./store";

/** setTimeout's longest delay; a later post is looked at again then. */
const MAX_DELAY_MS = 2_147_483_647;

export function watchTimedChanges(evict: (areas: Area[] | "all", why: string) => void, logger: Logger): () => void {
  let postTimer: NodeJS.Timeout | undefined;
  const failed = (err: unknown) => logger.warn({ err }, "page cache: could not read the next timed change");

  const schedulePost = async () => {
    const at = await nextScheduledPublication();
    clearTimeout(postTimer);
    postTimer = undefined;
    if (!at) return;
    postTimer = setTimeout(
      () => {
        evict(["blog"], "a scheduled post went public");
        schedulePost().catch(failed);
      },
      Math.min(MAX_DELAY_MS, Math.max(0, at.getTime() - Date.now()) + 100),
    );
    postTimer.unref();
  };
  const offContent = subscribe("content.changed", ({ area }) => {
    if (area === "blog") schedulePost().catch(failed);
  });
  const offReconnect = subscribe("bus.reconnected", () => {
    schedulePost().catch(failed);
  });
  schedulePost().catch(failed);

  let day: string | undefined;
  let year = new Date().getFullYear();
  const clock = setInterval(() => {
    studioToday()
      .then((today) => {
        if (day !== undefined && today !== day) evict(["exhibitions"], "the studio's day turned");
        day = today;
        const now = new Date().getFullYear();
        if (now !== year) {
          year = now;
          evict("all", "a new year (the footer)");
        }
      })
      .catch(failed);
  }, 60_000);
  clock.unref();

  return () => {
    offContent();
    offReconnect();
    clearTimeout(postTimer);
    clearInterval(clock);
  };
}
