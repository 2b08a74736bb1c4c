import type { ReactNode } from "react";

/**
 * The grid of works on the gallery, the shop and an artwork's "More works": one column on a phone, two from
 * 480 px, three from 768 px. Every card is laid out with the page: skipping the ones below the screen
 * (`content-visibility: auto`) was measured and not kept (decision 0029).
 */
export function ArtworkGrid<T extends { id: string }>({
  works,
  children,
}: {
  works: readonly T[];
  children: (work: T, index: number) => ReactNode;
}) {
  return (
    <ul className="grid grid-cols-1 gap-x-8 gap-y-14 min-[480px]:grid-cols-2 md:grid-cols-3">
      {works.map((work, i) => (
        <li key={work.id}>{children(work, i)}</li>
      ))}
    </ul>
  );
}
