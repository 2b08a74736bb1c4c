// The fields of a form described by the server from a zod content type (modules/content/section-form.ts):
// text, long text, links, colours, a media-library picker, and lists of such fields. Values are plain form
// fields (`title`, `highlights.0.text`), so the same schema checks them on the server.
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, TextAreaField, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/action-result";
import type { FieldSpec, ListFieldSpec, TextFieldSpec } from "~/modules/content/section-form";
import { ItemControls, useItemRows } from "./item-list";
import { MediaPicker, type PickedImage } from "./media-picker";

type Values = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function GeneratedFields({
  fields,
  values,
  errors,
  images,
  idPrefix,
}: {
  fields: FieldSpec[];
  values: Values;
  errors: FieldErrors;
  /** Stored images named by hash in the values (for the pickers' current choice). */
  images: Record<string, PickedImage>;
  idPrefix: string;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {fields.map((field) =>
        field.kind === "list" ? (
          <ListField
            key={field.key}
            field={field}
            items={Array.isArray(values[field.key]) ? (values[field.key] as Values[]) : []}
            errors={errors}
          />
        ) : (
          <SpecField
            key={field.key}
            field={field}
            name={field.key}
            value={text(values[field.key])}
            error={errors[field.key]}
            images={images}
            idPrefix={idPrefix}
          />
        ),
      )}
    </div>
  );
}

/** One text field of the description, drawn with the widget it asks for. */
function SpecField({
  field,
  name,
  value,
  error,
  images,
  label = field.label,
  wide,
}: {
  field: TextFieldSpec;
  name: string;
  value: string;
  error?: string;
  images?: Record<string, PickedImage>;
  idPrefix?: string;
  label?: string;
  wide?: boolean;
}) {
  const span = (wide ?? (field.widget === "textarea" || field.widget === "image")) ? "md:col-span-2" : "";
  if (field.widget === "image")
    return (
      <div className={span}>
        <MediaPicker
          name={name}
          label={label}
          valueKind="hash"
          initial={value ? (images?.[value] ?? null) : null}
          error={error}
          hint={field.hint}
        />
      </div>
    );
  if (field.widget === "color")
    return <ColorField field={field} name={name} value={value} error={error} label={label} />;
  const shown = { label, requiredMark: field.required, error, hint: field.hint, className: span };
  return field.widget === "textarea" ? (
    <TextAreaField
      {...shown}
      name={name}
      defaultValue={value}
      rows={4}
      maxLength={field.maxLength}
      required={field.required}
      placeholder={field.defaultValue}
    />
  ) : (
    <TextField
      {...shown}
      name={name}
      defaultValue={value}
      maxLength={field.maxLength}
      required={field.required}
      placeholder={field.defaultValue}
      inputMode={field.widget === "link" ? "url" : undefined}
    />
  );
}

/** A colour as text (any CSS colour) with a swatch picker beside it. */
function ColorField({
  field,
  name,
  value,
  error,
  label,
}: {
  field: TextFieldSpec;
  name: string;
  value: string;
  error?: string;
  label: string;
}) {
  const [color, setColor] = useState(value);
  const swatchId = useId();
  const hex = /^#[0-9a-f]{6}$/i.test(color) ? color : "#8c3f22";
  return (
    <Field label={label} error={error} hint={field.hint}>
      {(control) => (
        <div className="flex gap-2">
          <input
            {...control}
            name={name}
            value={color}
            onChange={(e) => setColor(e.target.value)}
            maxLength={field.maxLength}
            placeholder="#8c3f22"
          />
          <label htmlFor={swatchId} className="sr-only">
            {`Color picker for ${label.split(":")[0]}`}
          </label>
          <input
            id={swatchId}
            type="color"
            value={hex}
            onChange={(e) => setColor(e.target.value)}
            className="border-line h-9 w-11 shrink-0 cursor-pointer rounded-md border bg-white p-1"
          />
        </div>
      )}
    </Field>
  );
}

/** A list of items (highlights, steps): add, remove, move up and down; each item's fields are named by index. */
function ListField({ field, items, errors }: { field: ListFieldSpec; items: Values[]; errors: FieldErrors }) {
  const { rows, add, controls } = useItemRows(items);
  const full = field.maxItems !== undefined && rows.length >= field.maxItems;
  const itemName = field.itemLabel.toLowerCase();
  return (
    <fieldset className="border-line rounded-md border p-3 md:col-span-2">
      <legend className="text-ink-soft px-1 text-xs font-medium">{field.label}</legend>
      {field.hint ? <p className="text-muted mb-2 text-xs">{field.hint}</p> : null}
      {rows.length === 0 ? <p className="text-muted mb-2 text-sm">None yet.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={row.key} className="bg-paper/60 rounded-md p-2">
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="text-muted text-xs">
                {field.itemLabel} {i + 1}
              </span>
              <ItemControls name={`${itemName} ${i + 1}`} {...controls(i, row.key)} />
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              {field.fields.map((sub) => (
                <SpecField
                  key={`${row.key}-${sub.key}`}
                  field={sub}
                  name={`${field.key}.${i}.${sub.key}`}
                  label={`${field.itemLabel} ${i + 1}: ${sub.label.toLowerCase()}`}
                  value={text(row.item[sub.key])}
                  error={errors[`${field.key}.${i}.${sub.key}`]}
                  wide={false}
                />
              ))}
            </div>
          </li>
        ))}
      </ol>
      <Button type="button" variant="secondary" size="sm" className="mt-3" disabled={full} onClick={() => add({})}>
        <Plus aria-hidden className="size-4" /> Add {itemName}
      </Button>
      {errors[field.key] ? <p className="text-destructive mt-1 text-xs">{errors[field.key]}</p> : null}
    </fieldset>
  );
}
