// Reading a submitted form. A body that claims to be a form and is not one (a broken multipart boundary, bytes
// that are no encoding) is the sender's mistake, answered 400: `request.formData()` throws on it, and an
// action that let that through answered 500. Every action reads its form here (lint forbids the direct call).
import { data } from "react-router";

export async function readFormData(request: Request): Promise<FormData> {
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one place that reads a form directly
    return await request.formData();
  } catch {
    throw data({ message: "The form could not be read. Please reload the page and try again." }, { status: 400 });
  }
}

/** A zod error as field name → the schema's own message (the first per field), to show beside each field. */
export function fieldErrorsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return errors;
}
