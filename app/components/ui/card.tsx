import type { HTMLAttributes } from "react";

/** The white panel the back office groups things in (a form section, a table, a summary). */
export const cardClass = "rounded-lg border border-line bg-white";

export function Card({ className, ...div }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `${cardClass} ${className}` : cardClass} {...div} />;
}
