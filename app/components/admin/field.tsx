import { useId, type ReactNode } from "react";
import { adminInput, adminLabel, adminTextarea } from "./ui";

/** A labelled field with its error beside it (the error is the field's description for screen readers). */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (props: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={adminLabel}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-muted mt-1 text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-destructive mt-1 text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  name,
  defaultValue,
  error,
  hint,
  className,
  ...input
}: {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue" | "className">) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(props) => <input {...input} {...props} name={name} defaultValue={defaultValue} className={adminInput} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  name,
  defaultValue,
  error,
  className,
  rows = 3,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
  className?: string;
  rows?: number;
}) {
  return (
    <Field label={label} error={error} className={className}>
      {(props) => <textarea {...props} name={name} rows={rows} defaultValue={defaultValue} className={adminTextarea} />}
    </Field>
  );
}
