import type { ReactNode } from "react";

/** One line of a back-office history (a commission's, the availability log): what happened, then who and when. */
export function HistoryEntry({ by, at, children }: { by: ReactNode; at: ReactNode; children: ReactNode }) {
  return (
    <li className="border-line border-l-2 pl-3">
      <p>{children}</p>
      <p className="text-muted text-xs">
        {by} · {at}
      </p>
    </li>
  );
}
