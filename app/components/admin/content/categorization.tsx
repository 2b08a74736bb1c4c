// The two halves of Categorization: the terms of one kind (add, rename, delete, merge) and the works (search,
// tick, then add a term to them or take it off).
import { Check, Pencil, Search, Trash2, X } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { adminPaths } from "~/lib/admin-paths";
import type { ImageAsset } from "~/lib/media";
import { Pager } from "../pager";
import { Thumb } from "../thumb";
import { adminButton, adminCard, adminInput, adminLabel } from "../ui";

export type TermKindName = "category" | "series" | "tag";

interface TermRow {
  id: string;
  name: string;
  slug: string;
  artworkCount: number;
}

const KIND = {
  category: { plural: "Categories", one: "category" },
  series: { plural: "Series", one: "series" },
  tag: { plural: "Tags", one: "tag" },
} as const;

export function TermsPanel({
  kind,
  terms,
  activeTerm,
  createError,
  className = "",
}: {
  kind: TermKindName;
  terms: TermRow[];
  activeTerm?: string;
  createError?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mergeFormId = useId();
  const one = KIND[kind].one;
  return (
    <section aria-labelledby="terms-heading" className={`${adminCard} p-5 ${className}`}>
      <h2 id="terms-heading" className="sr-only">
        {KIND[kind].plural}
      </h2>
      <nav aria-label="Kind" className="bg-paper-deep/70 mb-4 inline-flex rounded-md p-1 text-sm">
        {(Object.keys(KIND) as TermKindName[]).map((k) => (
          <Link
            key={k}
            to={adminPaths.categorization(k)}
            aria-current={k === kind ? "page" : undefined}
            className={`rounded px-3 py-1.5 ${k === kind ? "text-ink bg-white shadow-sm" : "text-ink-soft hover:text-ink"}`}
          >
            {KIND[k].plural}
          </Link>
        ))}
      </nav>

      <Form method="post" className="flex items-end gap-2" key={`${kind}-${terms.length}`}>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="kind" value={kind} />
        <div className="min-w-0 flex-1">
          <label htmlFor="new-term" className={adminLabel}>
            New {one}
          </label>
          <input
            id="new-term"
            name="name"
            required
            maxLength={80}
            aria-invalid={createError ? true : undefined}
            aria-describedby={createError ? "new-term-error" : undefined}
            className={adminInput}
          />
        </div>
        <button type="submit" className={adminButton.primary} disabled={busy}>
          Add
        </button>
      </Form>
      {createError ? (
        <p id="new-term-error" className="text-destructive mt-1 text-xs">
          {createError}
        </p>
      ) : null}

      {terms.length === 0 ? (
        <p className="text-muted mt-6 text-sm">No {KIND[kind].plural.toLowerCase()} yet.</p>
      ) : (
        <>
          <ul className="divide-line mt-5 divide-y text-sm" aria-label={KIND[kind].plural}>
            {terms.map((term) => (
              <TermItem
                key={term.id}
                term={term}
                kind={kind}
                active={term.slug === activeTerm}
                mergeFormId={mergeFormId}
              />
            ))}
          </ul>
          <Form
            id={mergeFormId}
            method="post"
            className="border-line mt-4 flex flex-wrap items-end gap-2 border-t pt-4"
          >
            <input type="hidden" name="intent" value="merge" />
            <div className="min-w-0 flex-1">
              <label htmlFor="merge-target" className={adminLabel}>
                Merge the ticked {KIND[kind].plural.toLowerCase()} into
              </label>
              <select id="merge-target" name="targetId" className={adminInput} required defaultValue="">
                <option value="" disabled>
                  Choose a {one}…
                </option>
                {terms.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={adminButton.secondary} disabled={busy}>
              Merge
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

function TermItem({
  term,
  kind,
  active,
  mergeFormId,
}: {
  term: TermRow;
  kind: TermKindName;
  active: boolean;
  mergeFormId: string;
}) {
  const [renaming, setRenaming] = useState(false);
  const one = KIND[kind].one;
  if (renaming)
    return (
      <li className="py-2">
        <Form method="post" className="flex items-center gap-2" onSubmit={() => setRenaming(false)}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={term.id} />
          <label htmlFor={`rename-${term.id}`} className="sr-only">
            New name for {term.name}
          </label>
          <input
            id={`rename-${term.id}`}
            name="name"
            defaultValue={term.name}
            required
            maxLength={80}
            autoFocus
            className={adminInput}
          />
          <button type="submit" className={adminButton.icon} aria-label="Save the new name">
            <Check aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className={adminButton.icon}
            aria-label="Cancel renaming"
            onClick={() => setRenaming(false)}
          >
            <X aria-hidden className="size-4" />
          </button>
        </Form>
      </li>
    );
  return (
    <li className="flex items-center gap-2 py-1.5">
      <input
        type="checkbox"
        name="sourceIds"
        value={term.id}
        form={mergeFormId}
        aria-label={`Tick ${term.name} to merge it`}
        className="size-4"
      />
      <Link
        to={adminPaths.categorization(kind, new URLSearchParams({ term: term.slug }))}
        aria-current={active ? "true" : undefined}
        className={`min-w-0 flex-1 truncate ${active ? "font-semibold" : ""} underline-offset-4 hover:underline`}
        title={`Show the works in ${term.name}`}
      >
        {term.name}
      </Link>
      <span className="text-muted tabular-nums" aria-label={`${term.artworkCount} works`}>
        {term.artworkCount}
      </span>
      <button
        type="button"
        className={adminButton.icon}
        aria-label={`Rename ${term.name}`}
        onClick={() => setRenaming(true)}
      >
        <Pencil aria-hidden className="size-4" />
      </button>
      <AlertDialog.Root>
        <AlertDialog.Trigger
          className={`${adminButton.icon} hover:text-destructive`}
          aria-label={`Delete ${term.name}`}
        >
          <Trash2 aria-hidden className="size-4" />
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="bg-ink/40 fixed inset-0 z-50" />
          <AlertDialog.Content className="border-line fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-white p-6 shadow-xl">
            <AlertDialog.Title className="font-serif text-xl">
              Delete the {one} “{term.name}”?
            </AlertDialog.Title>
            <AlertDialog.Description className="text-muted mt-2 text-sm">
              {term.artworkCount > 0
                ? `It is taken off ${term.artworkCount} ${term.artworkCount === 1 ? "work" : "works"}; the works themselves stay.`
                : "No work carries it."}
            </AlertDialog.Description>
            <Form method="post" className="mt-6 flex justify-end gap-2">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={term.id} />
              <AlertDialog.Cancel className={adminButton.ghost}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action type="submit" className={adminButton.danger}>
                Delete
              </AlertDialog.Action>
            </Form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </li>
  );
}

interface WorkRow {
  id: string;
  title: string;
  medium: string;
  year: number | null;
  image: ImageAsset | null;
  terms: { category: string[]; series: string[]; tag: string[] };
}

export function WorksPanel({
  kind,
  terms,
  works,
  total,
  page,
  pageSize,
  q,
  activeTerm,
  className = "",
}: {
  kind: TermKindName;
  terms: TermRow[];
  works: WorkRow[];
  total: number;
  page: number;
  pageSize: number;
  q?: string;
  activeTerm?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const assignFormId = useId();
  const active = terms.find((t) => t.slug === activeTerm);
  const allTicked = works.length > 0 && works.every((w) => ticked.has(w.id));
  const one = KIND[kind].one;
  const query = (p: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (activeTerm) params.set("term", activeTerm);
    if (p > 1) params.set("page", String(p));
    return adminPaths.categorization(kind, params);
  };
  return (
    <section aria-labelledby="works-heading" className={`${adminCard} p-5 ${className}`}>
      <h2 id="works-heading" className="font-serif text-xl">
        {active ? `Works in “${active.name}”` : "Works"}
      </h2>
      <Form method="get" className="mt-3 flex gap-2" role="search" aria-label="Search the works">
        {kind !== "category" ? <input type="hidden" name="kind" value={kind} /> : null}
        {activeTerm ? <input type="hidden" name="term" value={activeTerm} /> : null}
        <label htmlFor="works-q" className="sr-only">
          Search works
        </label>
        <input
          id="works-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Title, medium…"
          className={adminInput}
        />
        <button type="submit" className={adminButton.secondary}>
          <Search aria-hidden className="size-4" /> Search
        </button>
      </Form>
      {active || q ? (
        <p className="text-muted mt-2 text-sm">
          {total} {total === 1 ? "work" : "works"}
          {active ? ` in ${active.name}` : ""}
          {q ? ` matching “${q}”` : ""}.{" "}
          <Link to={adminPaths.categorization(kind)} className="text-ink underline underline-offset-4">
            Show all works
          </Link>
        </p>
      ) : null}

      <Form
        id={assignFormId}
        method="post"
        className="bg-paper-deep/60 mt-4 flex flex-wrap items-end gap-2 rounded-md p-3"
        onSubmit={() => setTicked(new Set())}
      >
        <input type="hidden" name="intent" value="assign" />
        <div className="min-w-40 flex-1">
          <label htmlFor="assign-term" className={adminLabel}>
            {`${one[0]!.toUpperCase()}${one.slice(1)} for the ticked works (${ticked.size})`}
          </label>
          <select id="assign-term" name="termId" required className={adminInput} defaultValue={active?.id ?? ""}>
            <option value="" disabled>
              Choose a {one}…
            </option>
            {terms.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          name="mode"
          value="add"
          className={adminButton.primary}
          disabled={busy || ticked.size === 0}
        >
          Add to ticked works
        </button>
        <button
          type="submit"
          name="mode"
          value="remove"
          className={adminButton.secondary}
          disabled={busy || ticked.size === 0}
        >
          Take off ticked works
        </button>
      </Form>

      {works.length === 0 ? (
        <p className="text-muted mt-4 text-sm">No works here.</p>
      ) : (
        <>
          <label className="text-ink-soft mt-4 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={allTicked}
              onChange={() => setTicked(allTicked ? new Set() : new Set(works.map((w) => w.id)))}
            />
            Tick all on this page
          </label>
          <ul className="divide-line mt-2 divide-y">
            {works.map((work) => (
              <li key={work.id} className="flex items-center gap-3 py-2">
                <input
                  type="checkbox"
                  name="artworkIds"
                  value={work.id}
                  form={assignFormId}
                  checked={ticked.has(work.id)}
                  onChange={() =>
                    setTicked((current) => {
                      const next = new Set(current);
                      if (next.has(work.id)) next.delete(work.id);
                      else next.add(work.id);
                      return next;
                    })
                  }
                  aria-label={`Tick ${work.title}`}
                  className="size-4 shrink-0"
                />
                <Thumb image={work.image} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{work.title}</p>
                  <p className="text-muted truncate text-xs">{[work.medium, work.year].filter(Boolean).join(", ")}</p>
                </div>
                <ul
                  className="hidden max-w-[45%] flex-wrap justify-end gap-1 sm:flex"
                  aria-label={`Terms of ${work.title}`}
                >
                  {[
                    ...work.terms.category.map((n) => ["category", n] as const),
                    ...work.terms.series.map((n) => ["series", n] as const),
                    ...work.terms.tag.map((n) => ["tag", `#${n}`] as const),
                  ].map(([k, n]) => (
                    <li
                      key={`${k}-${n}`}
                      className={`rounded px-1.5 py-0.5 text-xs ${k === "category" ? "bg-accent-soft text-accent" : k === "series" ? "bg-sky-50 text-sky-900" : "bg-paper-deep text-ink-soft"}`}
                    >
                      {n}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager page={page} pageSize={pageSize} total={total} href={query} />
    </section>
  );
}
