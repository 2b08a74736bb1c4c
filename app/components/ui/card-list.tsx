// A list of cards (the back office's requests and rooms): each a linked title with a few lines under it, and
// its state and actions on the right; an empty list says so instead. With a `pager`, the pages follow (as in
// `DataTable`: not under an empty list).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cardClass } from "./card";
import { EmptyState } from "./empty-state";
import { Pager, type PagerProps } from "./pager";

export function CardList<T>({
  items,
  itemKey,
  empty,
  pager,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** Said when there is nothing to list. */
  empty: ReactNode;
  pager?: PagerProps;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      {items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={itemKey(item)} className={`${cardClass} p-4`}>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
      {pager && pager.total > 0 ? <Pager {...pager} /> : null}
    </>
  );
}

/** One card: the title links to the item's page, `children` are the lines under it, `aside` its state. */
export function CardListItem({
  title,
  href,
  aside,
  children,
}: {
  title: ReactNode;
  href: string;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-medium">
          <Link to={href} className="underline-offset-4 hover:underline">
            {title}
          </Link>
        </p>
        {children}
      </div>
      {aside}
    </div>
  );
}
