import { Search, X } from "./icons";
import { Form, Link, useNavigate } from "react-router";
import { galleryHref, isFiltered, parseGalleryParams, type GalleryParams } from "~/lib/gallery-query";

type TermChoice = { value: string; label: string; count: number };

interface Props {
  params: GalleryParams;
  mediums: { value: string; count: number }[];
  years: number[];
  /** The artist's categories and series with works; a filter shows only when there are some. */
  categories?: TermChoice[];
  series?: TermChoice[];
}

const selectClass =
  "border-line bg-paper focus:border-ink h-10 w-full min-w-0 rounded-full border px-3 text-sm outline-none md:w-auto md:max-w-64 md:min-w-40 md:px-4";

/**
 * The gallery's filters and search, as a GET form: the URL is the state, so every view can be shared
 * and works without JavaScript; with it, choosing a filter applies at once.
 */
export function GalleryFilters({ params, mediums, years, categories = [], series = [] }: Props) {
  const navigate = useNavigate();
  // With JavaScript, go to the tidy URL (no empty fields); without it, the plain GET form works the same.
  const apply = (form: HTMLFormElement) => {
    const fields = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") fields.append(key, value);
    void navigate(galleryHref(parseGalleryParams(fields)), { preventScrollReset: true });
  };
  const active = isFiltered(params);
  return (
    <Form
      method="get"
      action="/gallery"
      role="search"
      aria-label="Gallery filters"
      className="border-line grid grid-cols-2 gap-x-2 gap-y-3 border-y py-5 sm:grid-cols-3 md:flex md:flex-wrap md:items-end md:gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      onChange={(event) => {
        // Typing in the search box waits for Enter; the selects apply immediately.
        if ((event.target as HTMLElement).tagName === "SELECT") apply(event.currentTarget);
      }}
    >
      <div className="col-span-full flex min-w-0 flex-1 flex-col gap-1.5 md:max-w-md">
        <label htmlFor="gallery-q" className="eyebrow">
          Search
        </label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search
              aria-hidden="true"
              className="text-muted pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2"
            />
            <input
              id="gallery-q"
              name="q"
              type="search"
              defaultValue={params.q ?? ""}
              placeholder="Title, medium, colour…"
              className="border-line bg-paper focus:border-ink h-10 w-full rounded-full border pr-4 pl-10 text-sm outline-none"
            />
          </div>
          <button type="submit" className="bg-ink text-paper h-10 shrink-0 rounded-full px-5 text-sm hover:opacity-90">
            Apply
          </button>
        </div>
      </div>
      <TermFilter
        name="category"
        label="Category"
        value={params.category}
        allLabel="All categories"
        terms={categories}
      />
      <TermFilter name="series" label="Series" value={params.series} allLabel="All series" terms={series} />
      {/* A tag comes from a link, not a select: kept while other filters change. */}
      {params.tag ? <input type="hidden" name="tag" value={params.tag} /> : null}
      <FilterSelect
        name="medium"
        label="Medium"
        value={params.medium}
        allLabel="All mediums"
        options={mediums.map((m) => ({ value: m.value, label: `${m.value} (${m.count})` }))}
      />
      <FilterSelect
        name="availability"
        label="Availability"
        value={params.availability}
        allLabel="All works"
        options={[
          { value: "available", label: "Available" },
          { value: "sold", label: "Sold" },
        ]}
      />
      <FilterSelect
        name="year"
        label="Year"
        value={params.year ? String(params.year) : undefined}
        allLabel="All years"
        options={years.map((y) => ({ value: String(y), label: String(y) }))}
      />
      {active ? (
        <div className="col-span-full flex h-10 items-center">
          <Link to={galleryHref({})} className="text-muted hover:text-ink inline-flex items-center gap-1 text-sm">
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Link>
        </div>
      ) : null}
    </Form>
  );
}

/** A filter by the artist's categories or series, each with its count of works; none when there are no terms. */
function TermFilter({ terms, ...select }: Omit<FilterSelectProps, "options"> & { terms: TermChoice[] }) {
  if (terms.length === 0) return null;
  return (
    <FilterSelect {...select} options={terms.map((t) => ({ value: t.value, label: `${t.label} (${t.count})` }))} />
  );
}

interface FilterSelectProps {
  name: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: { value: string; label: string }[];
}

/** One labelled filter: "all" first, then the choices; the form submits it as a GET parameter. */
function FilterSelect(props: FilterSelectProps) {
  const id = `gallery-${props.name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="eyebrow">
        {props.label}
      </label>
      <select id={id} name={props.name} defaultValue={props.value ?? ""} className={selectClass}>
        <option value="">{props.allLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
