// The search and filter bar above a back-office list (orders, invoices, customers, commissions, messages,
// subscribers): a GET form, so the filters are in the URL and a new search starts again at the first page.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { labelOptions, SelectField, TextField, type SelectOption } from "~/components/ui/field";

export interface FilterSelect {
  /** The query parameter (`status`, `stage`). */
  name: string;
  label: string;
  options: readonly SelectOption[];
  value?: string;
}

/** The Status select of a list: every status (`empty`, "Any status" unless told) and each one by its label. */
export const statusSelect = (
  labels: Readonly<Record<string, string>>,
  value: string | undefined,
  empty = "Any status",
): FilterSelect => ({
  name: "status",
  label: "Status",
  options: [{ value: "", label: empty }, ...labelOptions(labels)],
  value,
});

export function FilterBar({
  label,
  hint,
  placeholder,
  query,
  selects = [],
  keep = {},
  submitLabel = "Search",
}: {
  /** The search field's label; it posts as `q`. */
  label: string;
  hint?: string;
  placeholder?: string;
  /** What is searched for now. */
  query?: string;
  selects?: readonly FilterSelect[];
  /** Parameters the search keeps (the list view, the tab it was made on). */
  keep?: Record<string, string | undefined>;
  submitLabel?: string;
}) {
  return (
    <Form method="get" role="search" className="mb-6 flex flex-wrap items-start gap-3">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <TextField
        type="search"
        name="q"
        label={label}
        hint={hint}
        placeholder={placeholder}
        defaultValue={query ?? ""}
        className="w-full sm:w-72"
      />
      {selects.map((select) => (
        <SelectField
          key={select.name}
          name={select.name}
          label={select.label}
          options={select.options}
          defaultValue={select.value ?? ""}
          className="w-full sm:w-48"
        />
      ))}
      {/* Level with the controls, below their labels. */}
      <Button type="submit" variant="secondary" size="sm" className="sm:mt-5">
        {submitLabel}
      </Button>
    </Form>
  );
}
