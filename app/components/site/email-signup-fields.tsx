// The one-address forms of the site (newsletter in the footer, "Notify me" on a work): the labelled address
// field, its button beside it and the answer below, announced (role status) and named by the field.
import type { ActionResult } from "~/lib/action-result";

export function EmailSignupFields({
  id,
  result,
  busy,
  submit,
  buttonClassName,
  labelledBy,
  placeholder = "you@example.com",
  defaultValue,
}: {
  id: string;
  /** The id of a visible heading that names the field instead of the "Email" label. */
  labelledBy?: string;
  placeholder?: string;
  /** What was typed, on a page drawn after a refusal (a fetcher's form keeps its own). */
  defaultValue?: string;
  /** The last answer of the form's fetcher: its message or error is shown below the field. */
  result: ActionResult | undefined;
  busy: boolean;
  submit: string;
  buttonClassName: string;
}) {
  const failed = result !== undefined && !result.ok;
  return (
    <>
      {labelledBy ? null : (
        <label htmlFor={id} className="text-sm">
          Email
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={placeholder}
          defaultValue={defaultValue}
          aria-labelledby={labelledBy}
          aria-invalid={failed || undefined}
          aria-describedby={`${id}-status`}
          className="border-line bg-paper focus:border-ink min-w-0 flex-1 rounded-full border px-4 py-2.5 text-sm outline-none"
        />
        <button type="submit" className={buttonClassName} disabled={busy}>
          {submit}
        </button>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className={`min-h-5 text-sm ${failed ? "text-destructive" : "text-available"}`}
      >
        {result ? (result.ok ? result.message : result.error) : ""}
      </p>
    </>
  );
}
