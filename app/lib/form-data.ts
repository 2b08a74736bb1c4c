/**
 * A text field of submitted form data ("" when missing or a file), with Windows line ends made plain, cut to
 * `max` characters when given (a small public form's sane length; zod then says what is wrong with the rest).
 */
export function formText(form: FormData, name: string, max?: number): string {
  const value = form.get(name);
  if (typeof value !== "string") return "";
  const text = plainLineEnds(value);
  return max === undefined ? text : text.slice(0, max);
}

/** A text as typed: browsers send a text area's line ends as CRLF; each is one line end to the person typing. */
export const plainLineEnds = (text: string): string => text.replace(/\r\n/g, "\n");
