// Cells the back office's lists share (inside DataTable columns).
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The link to a row's own page (an order's number, an invoice's, an exhibition's title). */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** A cell's main line (a name, a title) with a quieter line under it (the e-mail address, the venue). */
export function WithNote({ children, note }: { children: ReactNode; note: ReactNode }) {
  return (
    <>
      {children}
      <span className="text-muted block text-xs font-normal">{note}</span>
    </>
  );
}
