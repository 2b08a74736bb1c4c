// The two halves of Categorization: the terms of one kind (add, rename, delete, merge) and the works (search,
// tick, then add a term to them or take it off).
import { Check, Pencil, Search, X } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { CheckboxField, Field, SelectField, useControlClass } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { adminPaths } from "~/lib/admin-paths";
import { listQuery } from "~/lib/list-query";
import type { ImageAsset } from "~/lib/media";
import { DeleteIconButton } from "../delete-icon-button";
import { Thumb } from "../thumb";

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
    <Panel title={KIND[kind].plural} hideTitle className={`p-5 ${className}`}>
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

      <Form method="post" key={`${kind}-${terms.length}`}>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="kind" value={kind} />
        <Field label={`New ${one}`} error={createError}>
          {(control) => (
            <div className="flex gap-2">
              <input {...control} name="name" required maxLength={80} />
              <Button type="submit" size="sm" disabled={busy}>
                Add {one}
              </Button>
            </div>
          )}
        </Field>
      </Form>

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
            <SelectField
              label={`Merge the ticked ${KIND[kind].plural.toLowerCase()} into`}
              name="targetId"
              required
              defaultValue=""
              options={termOptions(terms, one)}
              className="min-w-0 flex-1"
            />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Merge
            </Button>
          </Form>
        </>
      )}
    </Panel>
  );
}

/** The terms as choices, after a "Choose a …" that a required select does not accept. */
const termOptions = (terms: TermRow[], one: string) => [
  { value: "", label: `Choose a ${one}…` },
  ...terms.map((t) => ({ value: t.id, label: t.name })),
];

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
  const control = useControlClass();
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
            className={control}
          />
          <Button type="submit" variant="ghost" size="icon" aria-label="Save the new name">
            <Check aria-hidden className="size-4" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Cancel renaming"
            onClick={() => setRenaming(false)}
          >
            <X aria-hidden className="size-4" />
          </Button>
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
        className="accent-ink size-4"
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
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Rename ${term.name}`}
        onClick={() => setRenaming(true)}
      >
        <Pencil aria-hidden className="size-4" />
      </Button>
      <ConfirmDialog
        trigger={<DeleteIconButton label={`Delete ${term.name}`} />}
        title={`Delete the ${one} “${term.name}”?`}
        description={
          term.artworkCount > 0
            ? `It is taken off ${term.artworkCount} ${term.artworkCount === 1 ? "work" : "works"}; the works themselves stay.`
            : "No work carries it."
        }
        confirmLabel="Delete"
        form={(buttons) => (
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={term.id} />
            {buttons}
          </Form>
        )}
      />
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

const TERM_TONES: Record<TermKindName, Tone> = { category: "accent", series: "neutral", tag: "muted" };

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
  const query = (p: number) => adminPaths.categorization(kind, listQuery({ q, term: activeTerm }, p));
  return (
    <Panel title={active ? `Works in “${active.name}”` : "Works"} className={`p-5 ${className}`}>
      <Form method="get" className="mt-3" role="search" aria-label="Search the works">
        {kind !== "category" ? <input type="hidden" name="kind" value={kind} /> : null}
        {activeTerm ? <input type="hidden" name="term" value={activeTerm} /> : null}
        <Field label="Search works">
          {(control) => (
            <div className="flex gap-2">
              <input {...control} name="q" type="search" defaultValue={q} placeholder="Title, medium…" />
              <Button type="submit" variant="secondary" size="sm">
                <Search aria-hidden className="size-4" /> Search
              </Button>
            </div>
          )}
        </Field>
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
        <SelectField
          label={`${one[0]!.toUpperCase()}${one.slice(1)} for the ticked works (${ticked.size})`}
          name="termId"
          required
          defaultValue={active?.id ?? ""}
          options={termOptions(terms, one)}
          className="min-w-40 flex-1"
        />
        <Button type="submit" name="mode" value="add" size="sm" disabled={busy || ticked.size === 0}>
          Add to ticked works
        </Button>
        <Button
          type="submit"
          name="mode"
          value="remove"
          variant="secondary"
          size="sm"
          disabled={busy || ticked.size === 0}
        >
          Take off ticked works
        </Button>
      </Form>

      {works.length === 0 ? (
        <p className="text-muted mt-4 text-sm">No works here.</p>
      ) : (
        <>
          <CheckboxField
            label="Tick all on this page"
            className="mt-4"
            checked={allTicked}
            onChange={() => setTicked(allTicked ? new Set() : new Set(works.map((w) => w.id)))}
          />
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
                  className="accent-ink size-4 shrink-0"
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
                    <li key={`${k}-${n}`}>
                      <StatusBadge tone={TERM_TONES[k]}>{n}</StatusBadge>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager page={page} pageSize={pageSize} total={total} href={query} />
    </Panel>
  );
}
