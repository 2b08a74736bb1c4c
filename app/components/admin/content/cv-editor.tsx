// The CV's sections: a heading and its entries (one a line); add, remove and reorder sections.
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Field } from "../field";
import { adminButton, adminInput, adminTextarea } from "../ui";

export function CvEditor({
  sections,
  errors,
}: {
  sections: { heading: string; entries: string[] }[];
  errors: Record<string, string>;
}) {
  const [rows, setRows] = useState(() => sections.map((s, i) => ({ key: i, ...s })));
  const [next, setNext] = useState(sections.length);
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const copy = [...current];
      const [row] = copy.splice(index, 1);
      copy.splice(index + by, 0, row!);
      return copy;
    });
  return (
    <div>
      <ol className="space-y-4">
        {rows.map((row, i) => (
          <li key={row.key} className="border-line rounded-md border p-3">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-muted text-xs">Section {i + 1}</span>
              <span className="flex">
                <button
                  type="button"
                  className={adminButton.icon}
                  aria-label={`Move CV section ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={adminButton.icon}
                  aria-label={`Move CV section ${i + 1} down`}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={`${adminButton.icon} hover:text-destructive`}
                  aria-label={`Remove CV section ${i + 1}`}
                  onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </span>
            </div>
            <div className="grid gap-3 md:grid-cols-3">
              <Field label={`Section ${i + 1}: heading`} error={errors[`cv.${i}.heading`]}>
                {(props) => (
                  <input
                    {...props}
                    name={`cv.${i}.heading`}
                    defaultValue={row.heading}
                    maxLength={80}
                    className={adminInput}
                  />
                )}
              </Field>
              <Field
                label={`Section ${i + 1}: entries, one a line`}
                error={
                  errors[`cv.${i}.entries`] ??
                  Object.entries(errors).find(([k]) => k.startsWith(`cv.${i}.entries.`))?.[1]
                }
                className="md:col-span-2"
              >
                {(props) => (
                  <textarea
                    {...props}
                    name={`cv.${i}.entries`}
                    defaultValue={row.entries.join("\n")}
                    rows={Math.min(10, Math.max(3, row.entries.length + 1))}
                    className={adminTextarea}
                  />
                )}
              </Field>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={`${adminButton.secondary} mt-3`}
        disabled={rows.length >= 12}
        onClick={() => {
          setRows((current) => [...current, { key: next, heading: "", entries: [] }]);
          setNext((n) => n + 1);
        }}
      >
        <Plus aria-hidden className="size-4" /> Add CV section
      </button>
    </div>
  );
}
