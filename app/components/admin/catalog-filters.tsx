// The filter bar of the catalogue's admin lists (Artwork Management, Inventory, Status): an optional search box,
// a row of selects and Apply, all in the URL (a GET form), so a filtered list can be linked and reloaded.
import { Form, Link, useSubmit } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { labelOptions, SelectField, TextField, type SelectOption } from "~/components/ui/field";
import { AVAILABILITY_LABELS } from "~/lib/availability";

export interface CatalogFilter {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly SelectOption[];
}

const ALL: SelectOption = { value: "", label: "All" };

/** Availability: All or one of the four. */
export const availabilityFilter = (value: string | undefined): CatalogFilter => ({
  name: "availability",
  label: "Availability",
  value,
  options: [ALL, ...labelOptions(AVAILABILITY_LABELS)],
});

/** Medium: All or one of the mediums the catalogue uses. */
export const mediumFilter = (mediums: readonly string[], value: string | undefined): CatalogFilter => ({
  name: "medium",
  label: "Medium",
  value,
  options: [ALL, ...mediums.map((m) => ({ value: m, label: m }))],
});

/** A filter of All and the given choices. */
export const choiceFilter = (
  name: string,
  label: string,
  value: string | undefined,
  choices: readonly SelectOption[],
): CatalogFilter => ({ name, label, value, options: [ALL, ...choices] });

export function CatalogFilters({
  label,
  search,
  filters,
  hidden = {},
  clearHref,
  applyOnChange = false,
}: {
  /** The form's accessible name ("Filter artworks"). */
  label: string;
  /** The search box (`q`); with one, the form is a search landmark. */
  search?: { value: string | undefined; placeholder?: string };
  filters: readonly CatalogFilter[];
  /** Query fields the form keeps as they are (the sort, the page size). */
  hidden?: Record<string, string>;
  /** Where Clear leads (shown only when given). */
  clearHref?: string;
  /** Apply a select's choice at once; the search box still waits for Enter or Apply. */
  applyOnChange?: boolean;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role={search ? "search" : undefined}
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-3"
      onChange={
        applyOnChange
          ? (event) => {
              if ((event.target as HTMLElement).tagName === "SELECT")
                void submit(event.currentTarget, { preventScrollReset: true });
            }
          : undefined
      }
    >
      {search ? (
        <TextField
          label="Search"
          name="q"
          type="search"
          defaultValue={search.value}
          placeholder={search.placeholder}
          className="basis-full sm:min-w-48 sm:flex-1 sm:basis-auto"
        />
      ) : null}
      {filters.map((filter) => (
        <SelectField
          key={filter.name}
          label={filter.label}
          name={filter.name}
          defaultValue={filter.value ?? ""}
          options={filter.options}
          className="min-w-36 flex-1 sm:w-40 sm:flex-none"
        />
      ))}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" size="sm">
          Apply
        </Button>
        {clearHref ? (
          <Link to={clearHref} className={buttonClass("ghost", "sm")}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
