import type { ReactNode } from "react";

/** A calm empty state for a list with nothing in it yet (or nothing matching its filters). */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="border-line text-muted rounded-lg border border-dashed bg-white/60 px-6 py-12 text-center text-sm">
      <p>{children}</p>
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
