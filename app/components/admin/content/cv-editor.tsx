// The CV's sections: a heading and its entries (one a line); add, remove and reorder sections.
import { Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/action-result";
import { ItemControls, useItemRows } from "./item-list";

export function CvEditor({
  sections,
  errors,
}: {
  sections: { heading: string; entries: string[] }[];
  errors: FieldErrors;
}) {
  const { rows, add, controls } = useItemRows(sections);
  return (
    <div>
      <ol className="space-y-4">
        {rows.map((row, i) => (
          <li key={row.key} className="border-line rounded-md border p-3">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-muted text-xs">Section {i + 1}</span>
              <ItemControls name={`CV section ${i + 1}`} {...controls(i, row.key)} />
            </div>
            <div className="grid gap-3 md:grid-cols-3">
              <TextField
                label={`Section ${i + 1}: heading`}
                error={errors[`cv.${i}.heading`]}
                name={`cv.${i}.heading`}
                defaultValue={row.item.heading}
                maxLength={80}
              />
              <TextAreaField
                label={`Section ${i + 1}: entries, one a line`}
                error={
                  errors[`cv.${i}.entries`] ??
                  Object.entries(errors).find(([k]) => k.startsWith(`cv.${i}.entries.`))?.[1]
                }
                name={`cv.${i}.entries`}
                defaultValue={row.item.entries.join("\n")}
                rows={Math.min(10, Math.max(3, row.item.entries.length + 1))}
                className="md:col-span-2"
              />
            </div>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={rows.length >= 12}
        onClick={() => add({ heading: "", entries: [] })}
      >
        <Plus aria-hidden className="size-4" /> Add CV section
      </Button>
    </div>
  );
}
