// What a small public form's action answers (hold request, "Notify me"): shown beside the form with JavaScript,
// or on the action's own page without it.
export type PublicFormResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

/** A text field of a submitted form (a file or a missing field reads as ""), cut to a sane length. */
export const formText = (form: FormData, name: string, max = 2_000): string => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};
