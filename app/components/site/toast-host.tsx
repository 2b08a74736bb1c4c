// Toasts without paying for them up front: the toast library loads with the first toast, not with the page.
// `notify` queues a toast; `ToastHost` (in the layout) mounts sonner's Toasters on demand and shows the queue.
// Two layers (spec §9): the page's own messages, one at a time for 5000 ms (`notify`), and activity from
// elsewhere (realtime broadcasts, queued offline changes landing), up to 3 at a time for 4000 ms
// (`notifyActivity`), so a burst of activity never hides what the page itself said.
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps, type CSSProperties } from "react";
import type { Toaster as SonnerToaster, toast as sonnerToast } from "sonner";

type Show = (toast: typeof sonnerToast) => void;

const queue: Show[] = [];
const listeners = new Set<() => void>();
let wanted = false;
let live: typeof sonnerToast | undefined;

/** Spec §9: the page's own toasts, one at a time, 5000 ms by default. */
export const PAGE_TOASTS = { visible: 1, durationMs: 5000 } as const;

/** Spec §9: the second toast layer. */
export const ACTIVITY_TOASTS = { id: "activity", visible: 3, durationMs: 4000 } as const;

type ToasterProps = ComponentProps<typeof SonnerToaster>;

/**
 * The text colours of sonner's coloured toasts, darker than its own: its green on its pale green read 4.25:1
 * and its red and orange less, under the 4.5:1 WCAG asks of small text. Same hues; set on the toaster, they
 * take the place of the stylesheet's.
 */
export const RICH_TEXT_COLOURS = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 35%)",
  "--warning-text": "hsl(31, 92%, 30%)",
  "--error-text": "hsl(360, 100%, 38%)",
} as const;

/** What the two Toasters are mounted with: the page's layer, and the activity layer beside it. */
export const TOASTERS = {
  page: {
    visibleToasts: PAGE_TOASTS.visible,
    duration: PAGE_TOASTS.durationMs,
    // Top right, under the site's and the admin's header (64 px): at the bottom right it lay over the sticky
    // Save bar's button, so the save that had just been refused could not be pressed again for 5 s.
    position: "top-right",
    offset: { top: 80 },
    mobileOffset: { top: 72 },
    richColors: true,
    style: RICH_TEXT_COLOURS as CSSProperties,
    closeButton: true,
  },
  activity: {
    id: ACTIVITY_TOASTS.id,
    visibleToasts: ACTIVITY_TOASTS.visible,
    duration: ACTIVITY_TOASTS.durationMs,
    position: "bottom-left",
    closeButton: true,
    containerAriaLabel: "Activity",
  },
} as const satisfies Record<string, ToasterProps>;

/** Shows a toast of the activity layer: `notifyActivity((t, options) => t.info("New collection live", options))`. */
export function notifyActivity(show: (toast: typeof sonnerToast, options: { toasterId: string }) => void): void {
  notify((toast) => show(toast, { toasterId: ACTIVITY_TOASTS.id }));
}

/** The id of the toast that says a work went into the cart (one at a time: a newer one takes its place). */
export const CART_TOAST = "cart";

/** Sends away one toast if it is on screen (none loaded, nothing to do): a panel opening over it says it better. */
export function dismissToast(id: string): void {
  live?.dismiss(id);
}

/** Shows a toast: `notify((t) => t.success("Saved"))`. */
export function notify(show: Show): void {
  if (live) {
    show(live);
    return;
  }
  queue.push(show);
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
}

const LazyToaster = lazy(async () => {
  const { Toaster, toast } = await import("sonner");
  function ReadyToaster(props: ToasterProps) {
    useEffect(() => {
      live = toast;
      for (const show of queue.splice(0)) show(toast);
      return () => {
        live = undefined;
      };
    }, []);
    return (
      <>
        <Toaster {...props} />
        <Toaster {...TOASTERS.activity} />
      </>
    );
  }
  return { default: ReadyToaster };
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Spec §9: one toast at a time, 5000 ms by default. */
export function ToastHost() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...TOASTERS.page} />
    </Suspense>
  );
}
