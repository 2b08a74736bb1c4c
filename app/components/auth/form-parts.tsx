// Form pieces of the sign-in and account pages: a labelled field with its error beside it, buttons, and
// the notice and error boxes. Plain HTML forms underneath: they work before (or without) JavaScript.
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useNavigation } from "react-router";

const inputClass =
  "border-line bg-paper focus:border-ink aria-[invalid=true]:border-destructive w-full rounded-xl border px-4 py-3 text-base outline-none transition-colors";

export function Field({
  label,
  name,
  error,
  hint,
  ...input
}: { label: string; name: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  // One page can hold several forms with a field of the same name (the account page's password fields).
  const unique = useId();
  const id = input.id ?? `field-${name}-${unique.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-ink-soft block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({ label, name, defaultChecked }: { label: string; name: string; defaultChecked?: boolean }) {
  return (
    <label className="text-ink-soft flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="accent-ink size-4" />
      {label}
    </label>
  );
}

/** The form's main button; says it is busy while this form's intent is being submitted. */
export function SubmitButton({
  intent,
  children,
  busy,
  variant = "primary",
  value,
  name = "intent",
}: {
  intent: string;
  children: ReactNode;
  busy?: string;
  variant?: "primary" | "secondary" | "danger";
  value?: string;
  name?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const look = {
    primary: "bg-ink text-paper hover:bg-ink-soft",
    secondary: "border-ink/25 text-ink hover:border-ink border",
    danger: "border-destructive/40 text-destructive hover:border-destructive border",
  }[variant];
  return (
    <button
      type="submit"
      name={name}
      value={value ?? intent}
      disabled={submitting}
      className={`inline-flex min-h-11 w-full items-center justify-center rounded-full px-6 py-3 text-sm tracking-wide transition-colors disabled:opacity-60 ${look}`}
    >
      {submitting && busy ? busy : children}
    </button>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="border-destructive/30 bg-destructive/5 text-destructive rounded-xl border px-4 py-3 text-sm"
    >
      {message}
    </p>
  );
}

export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="border-line bg-paper-deep rounded-xl border px-4 py-3 text-sm">
      <p className="text-ink font-medium">{title}</p>
      {children ? <div className="text-ink-soft mt-1">{children}</div> : null}
    </div>
  );
}
