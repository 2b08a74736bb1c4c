import { useEffect, useRef, type ReactNode } from "react";

/** Works laid out with the page: the first row at three columns. */
const FIRST_ROW = 3;
/** A card's height until it has been laid out (a phone's one column; the browser keeps the real one after). */
const SKIPPED = "[contain-intrinsic-size:auto_34rem] [content-visibility:auto]";

/**
 * The grid of works on the gallery, the shop and an artwork's "More works": one column on a phone, two from
 * 480 px, three from 768 px. The cards after the first row are not styled or laid out while the page loads
 * (`content-visibility: auto`): on a phone's first load that was the longest task after the first paint
 * (decision 0029). Once the page is idle they are laid out a row of three at a time, each in its own short task, so that
 * every card is there for printing, a full-page capture or a jump down the page.
 */
export function ArtworkGrid<T extends { id: string }>({
  works,
  children,
}: {
  works: readonly T[];
  children: (work: T, index: number) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const items = list.current?.children;
    if (!items) return;
    let next = FIRST_ROW;
    let handle = 0;
    // Safari has no idle callbacks: a short timeout lets the page settle between rows there.
    const w: Partial<Pick<Window, "requestIdleCallback" | "cancelIdleCallback">> = window;
    const idle = (fn: () => void) => (w.requestIdleCallback ? w.requestIdleCallback(fn) : window.setTimeout(fn, 50));
    const cancel = (id: number) => (w.cancelIdleCallback ? w.cancelIdleCallback(id) : window.clearTimeout(id));
    const reveal = () => {
      for (const item of Array.from(items).slice(next, next + FIRST_ROW))
        if (item instanceof HTMLElement) item.style.contentVisibility = "visible";
      next += FIRST_ROW;
      if (next < items.length) handle = idle(reveal);
    };
    handle = idle(reveal);
    return () => cancel(handle);
  }, [works]);
  return (
    <ul ref={list} className="grid grid-cols-1 gap-x-8 gap-y-14 min-[480px]:grid-cols-2 md:grid-cols-3">
      {works.map((work, i) => (
        <li key={work.id} className={`flex flex-col ${i < FIRST_ROW ? "" : SKIPPED}`}>
          {children(work, i)}
        </li>
      ))}
    </ul>
  );
}
