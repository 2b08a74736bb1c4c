// Tables of the back office: one look (a white card, small uppercase headings, quiet row lines, scrolling
// sideways on a phone rather than squeezing), a caption for screen readers, an empty state and the pager.
// `DataTable` covers a list drawn from columns; a table that needs more (rows dragged to reorder, a select-all
// box in its heading) builds on the same parts: `TableFrame`, `Th`, `Td`.
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { EmptyState } from "./empty-state";
import { Pager, type PagerProps } from "./pager";

/**
 * The card around a table; it scrolls sideways when the table is wider than the screen. It is `relative` so the
 * screen-reader-only texts inside (placed absolutely) scroll with it instead of widening the page on a phone.
 */
export function TableFrame({
  caption,
  head,
  children,
  className,
}: {
  /** What the table lists, read by screen readers ("Orders, newest first"). */
  caption: string;
  /** The heading row's cells (`Th`). */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  className?: string;
}) {
  return (
    // Focusable, so a table wider than a phone can be scrolled sideways from the keyboard too (it is named by
    // its caption; a group, not a landmark: every table would otherwise add one).
    <div
      role="group"
      aria-label={caption}
      tabIndex={0}
      className={`border-line relative overflow-x-auto rounded-md border bg-white ${className ?? ""}`.trimEnd()}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-line text-muted border-b text-xs tracking-wide uppercase">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A column heading. `hidden` keeps it for screen readers only (an actions column). */
export function Th({
  children,
  hidden = false,
  className,
  ...th
}: { hidden?: boolean } & ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={`px-4 py-3 font-medium ${className ?? ""}`.trimEnd()} {...th}>
      {hidden ? <span className="sr-only">{children}</span> : children}
    </th>
  );
}

/** A cell. */
export function Td({ className, ...td }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`px-4 py-3 ${className ?? ""}`.trimEnd()} {...td} />;
}

/** The classes of a body row (for rows drawn by hand inside `TableFrame`). */
export const rowClass = "border-line/70 border-b align-top last:border-0";

export interface Column<T> {
  /** The heading. */
  header: string;
  /** Heading for screen readers only (an actions column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** The row's heading (`<th scope="row">`): what the row is about, read before each of its cells. */
  rowHeader?: boolean;
  /** Classes of the column's heading and cells (`w-32`, `text-right`, `whitespace-nowrap`). */
  className?: string;
}

/**
 * A list as a table: one row per item, one cell per column. With no rows it shows `empty` instead; with a
 * `pager` it says which rows these are ("Showing 26–50 of 140") and links the pages (not under an empty list,
 * which `empty` speaks for; a page past the end still links back).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
  pager,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  /** What is said when there are no rows. */
  empty: ReactNode;
  pager?: PagerProps;
}) {
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <TableFrame
          caption={caption}
          head={columns.map((c) => (
            <Th key={c.header} hidden={c.hideHeader} className={c.className}>
              {c.header}
            </Th>
          ))}
        >
          {rows.map((row) => {
            const extra = rowClassName?.(row);
            return (
              <tr key={rowKey(row)} className={extra ? `${rowClass} ${extra}` : rowClass}>
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th
                      key={c.header}
                      scope="row"
                      className={`px-4 py-3 text-left font-medium ${c.className ?? ""}`.trimEnd()}
                    >
                      {c.cell(row)}
                    </th>
                  ) : (
                    <Td key={c.header} className={c.className}>
                      {c.cell(row)}
                    </Td>
                  ),
                )}
              </tr>
            );
          })}
        </TableFrame>
      )}
      {pager && pager.total > 0 ? <Pager {...pager} /> : null}
    </>
  );
}
