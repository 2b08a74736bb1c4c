// The fields of a form described by the server from a zod content type (modules/content/section-form.ts):
// text, long text, links, colours, a media-library picker, and lists of such fields. Values are plain form
// fields (`title`, `highlights.0.text`), so the same schema checks them on the server.
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Field } from "../field";
import { adminButton, adminInput, adminTextarea } from "../ui";
import type { FieldSpec, ListFieldSpec, TextFieldSpec } from "~/modules/content/section-form";
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
  errors: Record<string, string>;
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
          <TextField
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

function TextField({
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
  return (
    <Field label={field.required ? `${label} (required)` : label} error={error} hint={field.hint} className={span}>
      {(props) =>
        field.widget === "textarea" ? (
          <textarea
            {...props}
            name={name}
            defaultValue={value}
            rows={4}
            maxLength={field.maxLength}
            placeholder={field.defaultValue}
            className={adminTextarea}
          />
        ) : (
          <input
            {...props}
            name={name}
            defaultValue={value}
            maxLength={field.maxLength}
            required={field.required}
            placeholder={field.defaultValue}
            inputMode={field.widget === "link" ? "url" : undefined}
            className={adminInput}
          />
        )
      }
    </Field>
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
      {(props) => (
        <div className="flex gap-2">
          <input
            {...props}
            name={name}
            value={color}
            onChange={(e) => setColor(e.target.value)}
            maxLength={field.maxLength}
            placeholder="#8c3f22"
            className={adminInput}
          />
          <label htmlFor={swatchId} className="sr-only">
            {`${label}: choose with the colour picker`}
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
function ListField({
  field,
  items,
  errors,
}: {
  field: ListFieldSpec;
  items: Values[];
  errors: Record<string, string>;
}) {
  // Each item keeps a key of its own so that moving or removing one does not shuffle typed text between rows.
  const [rows, setRows] = useState(() => items.map((values, i) => ({ key: i, values })));
  const [next, setNext] = useState(items.length);
  const full = field.maxItems !== undefined && rows.length >= field.maxItems;
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const copy = [...current];
      const [item] = copy.splice(index, 1);
      copy.splice(index + by, 0, item!);
      return copy;
    });
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
              <span className="flex items-center">
                <button
                  type="button"
                  className={adminButton.icon}
                  aria-label={`Move ${itemName} ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={adminButton.icon}
                  aria-label={`Move ${itemName} ${i + 1} down`}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={`${adminButton.icon} hover:text-destructive`}
                  aria-label={`Remove ${itemName} ${i + 1}`}
                  onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </span>
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              {field.fields.map((sub) => (
                <TextField
                  key={`${row.key}-${sub.key}`}
                  field={sub}
                  name={`${field.key}.${i}.${sub.key}`}
                  label={`${field.itemLabel} ${i + 1}: ${sub.label.toLowerCase()}`}
                  value={text(row.values[sub.key])}
                  error={errors[`${field.key}.${i}.${sub.key}`]}
                  wide={false}
                />
              ))}
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={`${adminButton.secondary} mt-3`}
        disabled={full}
        onClick={() => {
          setRows((current) => [...current, { key: next, values: {} }]);
          setNext((n) => n + 1);
        }}
      >
        <Plus aria-hidden className="size-4" /> Add {itemName}
      </button>
      {errors[field.key] ? <p className="text-destructive mt-1 text-xs">{errors[field.key]}</p> : null}
    </fieldset>
  );
}
