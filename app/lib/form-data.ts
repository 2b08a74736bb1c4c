/** A text field of submitted form data ("" when missing or a file), with Windows line ends made plain. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.replace(/\r\n/g, "\n") : "";
}
