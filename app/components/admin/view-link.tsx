// The links above a page's content that switch between its views (a range of days, a state, board or list).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * One view of the page, drawn as a small button: the view shown is filled and announced as the current page.
 * `idle` is the look of the others (`ghost` in a quieter row).
 */
export function ViewLink({
  to,
  current,
  idle = "secondary",
  children,
}: {
  to: string;
  current: boolean;
  idle?: "secondary" | "ghost";
  children: ReactNode;
}) {
  return (
    <Link to={to} aria-current={current ? "page" : undefined} className={buttonClass(current ? "primary" : idle, "sm")}>
      {children}
    </Link>
  );
}
