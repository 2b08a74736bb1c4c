import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CardList } from "./card-list";
import { DataTable } from "./data-table";

const render = (node: ReactNode) => renderToStaticMarkup(<StaticRouter location="/admin/outbox">{node}</StaticRouter>);
const pager = (page: number, total: number) => ({
  page,
  pageSize: 2,
  total,
  href: (p: number) => `/admin/outbox?page=${p}`,
  items: "e-mails",
});
type Row = { id: string };
/** What both lists are given besides their rows and pager. */
const list = { empty: "Nothing sent yet.", key: (row: Row) => row.id };
const columns = [{ header: "Subject", cell: (row: Row) => row.id }];
const table = (rows: Row[], page: number, total: number) =>
  render(
    <DataTable
      caption="E-mails"
      columns={columns}
      rows={rows}
      rowKey={list.key}
      empty={list.empty}
      pager={pager(page, total)}
    />,
  );
const cards = (rows: Row[], page: number, total: number) =>
  render(
    <CardList items={rows} itemKey={list.key} empty={list.empty} pager={pager(page, total)}>
      {(r) => r.id}
    </CardList>,
  );

describe.each([
  ["DataTable", table],
  ["CardList", cards],
])("the pages of a %s", (_, draw) => {
  it("an empty list says so once, with no pager under it", () => {
    const html = draw([], 1, 0);
    expect(html).toContain("Nothing sent yet.");
    expect(html).not.toContain("No e-mails");
    expect(html).not.toContain('aria-label="Pages of e-mails"');
  });

  it("a list on one page says how many it holds, with no page links", () => {
    const html = draw([{ id: "a" }, { id: "b" }], 1, 2);
    expect(html).toContain('aria-label="Pages of e-mails"');
    expect(html).toContain("Showing 1–2 of 2");
    expect(html).not.toContain("href=");
  });

  it("says which rows these are, and links the pages", () => {
    const html = draw([{ id: "a" }, { id: "b" }], 1, 3);
    expect(html).toContain("Showing 1–2 of 3");
    expect(html).toContain('href="/admin/outbox?page=2"');
  });

  it("a page past the end still leads back to the rows", () => {
    const html = draw([], 5, 3);
    expect(html).toContain("Nothing sent yet.");
    expect(html).toContain('href="/admin/outbox?page=4"');
  });
});
