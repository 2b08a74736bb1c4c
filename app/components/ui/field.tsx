// Form fields: a visible label, the control, an optional hint and the server's error beside the field
// (aria-invalid + aria-describedby), so a refused form says what to fix where it is. One family for the
// whole app: the public site's roomy look, or the back office's dense one where `FieldDensity` says
// "compact" (the admin shell sets it once). Plain HTML controls underneath: forms work before and without
// JavaScript, and values come back from the action after an error.
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { FieldErrors } from "~/lib/action-result";

export type Density = "roomy" | "compact";

const DensityContext = createContext<Density>("roomy");

/** Makes every field inside it dense (the back office) or roomy (the default: the public site). */
export function FieldDensity({ value, children }: { value: Density; children: ReactNode }) {
  return <DensityContext value={value}>{children}</DensityContext>;
}

const LOOKS = {
  roomy: {
    field: "space-y-1.5",
    label: "text-ink block text-sm font-medium",
    control:
      "block w-full rounded-md border border-line bg-white px-3.5 py-2.5 text-base text-ink shadow-[inset_0_1px_0_rgba(0,0,0,0.02)] transition-colors placeholder:text-muted/70 hover:border-ink/30 focus:border-ink focus:outline-none aria-[invalid=true]:border-destructive",
    textarea: "min-h-40 leading-relaxed",
    note: "text-sm",
  },
  compact: {
    field: "space-y-1",
    label: "text-ink-soft block text-xs font-medium",
    control:
      "block min-h-9 w-full rounded-md border border-line bg-white px-2.5 py-1.5 text-sm text-ink placeholder:text-muted/70 focus:border-ink/50 focus:outline-none aria-[invalid=true]:border-destructive",
    textarea: "",
    note: "text-xs",
  },
} as const;

/** The classes of a bare control (an input inside a table row, a filter bar) in the current density. */
export function useControlClass(): string {
  return LOOKS[useContext(DensityContext)].control;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  /**
   * Shows "(required)" after the label, out of the field's name (the control's `required` says it to a screen
   * reader): the field is "Title", found by that name, not "Title (required)".
   */
  requiredMark?: boolean;
  className?: string;
}

/** What a control needs to belong to its label, hint and error. */
export interface ControlProps {
  id: string;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * A labelled field around any control: `children` receives the id, the density's classes and the aria
 * attributes to spread on it. TextField, TextAreaField and SelectField are this with the usual controls.
 */
export function Field({
  id: givenId,
  children,
  ...field
}: FieldProps & { id?: string; children: (control: ControlProps) => ReactNode }) {
  const { label, hint, error, optional, requiredMark, className } = field;
  const look = LOOKS[useContext(DensityContext)];
  const generated = useId();
  const id = givenId ?? generated;
  const describedBy = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={className ? `${look.field} ${className}` : look.field}>
      {requiredMark ? (
        // Beside the label, not in it: the field's name stays "Title", for a screen reader and a search alike.
        <div className="flex items-baseline gap-1">
          <label htmlFor={id} className={look.label}>
            {label}
          </label>
          <span aria-hidden="true" className={`text-muted ${look.note}`}>
            (required)
          </span>
        </div>
      ) : (
        <label htmlFor={id} className={look.label}>
          {label}
          {optional ? <span className="text-muted font-normal"> (optional)</span> : null}
        </label>
      )}
      {children({
        id,
        className: look.control,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && !error ? (
        <p id={`${id}-hint`} className={`text-muted ${look.note}`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={`text-destructive ${look.note}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Own = FieldProps & { id?: string };

/** A field component's props split in two: the field's own (label, hint, error…) and the control's. */
export function splitField<P extends Own>({
  label,
  hint,
  error,
  optional,
  requiredMark,
  className,
  id,
  ...control
}: P) {
  return [{ label, hint, error, optional, requiredMark, className, id }, control] as const;
}

/**
 * The most a single-line field takes unless it says otherwise: past every rule of ours (a field's own rule, such as a
 * 120-character name, still gets its message), yet a page of text pasted into each field of a form keeps it under
 * what the server reads (16 KB on the sign-in page; a larger body is refused 413, and the page showed an error in
 * place of the form and what was typed).
 */
export const SINGLE_LINE_MAX = 1024;

export function TextField(props: Own & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  const [field, input] = splitField(props);
  return <Field {...field}>{(control) => <input maxLength={SINGLE_LINE_MAX} {...input} {...control} />}</Field>;
}

export function TextAreaField(props: Own & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className">) {
  const [field, textarea] = splitField(props);
  const look = LOOKS[useContext(DensityContext)];
  return (
    <Field {...field}>
      {(control) => (
        <textarea {...textarea} {...control} className={`${control.className} ${look.textarea}`.trimEnd()} />
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A select's options from a map of labels (`{ paid: "Paid" }`), in the map's order. */
export const labelOptions = (labels: Readonly<Record<string, string>>): SelectOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const chevron =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%236e675d'%3E%3Cpath d='M5.5 7.5 10 12l4.5-4.5'/%3E%3C/svg%3E\")";

/** A native select (keyboard, screen readers and phones know it), drawn like the other controls. */
export function Select({
  options,
  className,
  ...select
}: { options: readonly SelectOption[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const control = useControlClass();
  return (
    <select
      {...select}
      className={`${control} appearance-none bg-[length:1rem] bg-[right_0.65rem_center] bg-no-repeat pr-9 ${className ?? ""}`.trimEnd()}
      style={{ backgroundImage: chevron, ...select.style }}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function SelectField(
  props: Own & { options: readonly SelectOption[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className">,
) {
  const [field, { options, ...select }] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <Select
          {...select}
          id={control.id}
          aria-invalid={control["aria-invalid"]}
          aria-describedby={control["aria-describedby"]}
          options={options}
        />
      )}
    </Field>
  );
}

/** A checkbox with its label beside it (the label is the box's name), and the server's error below it. */
export function CheckboxField({
  label,
  hint,
  error,
  className,
  ...input
}: { label: ReactNode; hint?: ReactNode; error?: string; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "className"
>) {
  const density = useContext(DensityContext);
  const id = useId();
  const note = error ?? hint;
  return (
    <div className={className}>
      <label className={`text-ink-soft flex items-center gap-2 ${density === "compact" ? "text-sm" : "text-base"}`}>
        <input
          type="checkbox"
          className="accent-ink size-4 shrink-0"
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? id : undefined}
          {...input}
        />
        {label}
      </label>
      {note ? (
        <p id={id} className={`${error ? "text-destructive" : "text-muted"} mt-1 pl-6 text-xs`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A message above a form sent with mistakes: how many fields need attention (their errors are beside them).
 * With JavaScript it also moves focus to the first field to correct, after every answer that refuses the
 * form (the same mistakes sent twice too), so a keyboard or screen reader user lands where the work is
 * (without it, the browser shows the page from the top, where this message is).
 */
export function FormErrorSummary({ errors }: { errors: FieldErrors }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const count = Object.keys(errors).filter((name) => name !== "form").length;
  useEffect(() => {
    if (count === 0) return;
    const form = ref.current?.closest("form");
    const first = form?.querySelector<HTMLElement>("[aria-invalid='true']");
    first?.focus();
    // Each answer is a new errors object: the focus moves again after every refusal.
  }, [errors, count]);
  if (count === 0) return null;
  return (
    <p
      ref={ref}
      role="alert"
      className="border-destructive/30 bg-destructive/5 text-destructive rounded-md border px-4 py-3 text-sm"
    >
      {count === 1 ? "One field needs your attention." : `${count} fields need your attention.`}
    </p>
  );
}
