// What every form action answers, and what its page reads back (shared by the server and the browser).
// Success may carry a message (shown as a toast or a status line) and data of the action's own; failure
// always says why in `error`, and for a person's mistake also which fields (`fieldErrors`, shown beside
// them) and what was typed (`values`, put back into the form; never passwords or codes).

export type FieldErrors = Record<string, string>;

export interface ActionFailure {
  ok: false;
  /** Said above the form or as a toast. */
  error: string;
  /** The first message for each field, by the field's name (`highlights.1.text` for nested ones). */
  fieldErrors?: FieldErrors;
  /** What was typed, to fill the form again. */
  values?: Record<string, string>;
  /** Which of the page's forms was sent (a page with several). */
  intent?: string;
}

export type ActionSuccess<T extends object = object> = {
  ok: true;
  message?: string;
  /** Worked, with something to look at (a toast in amber). */
  warning?: string;
  /** Kept in the offline queue, to be sent once the browser is back online. */
  queued?: true;
  intent?: string;
} & T;

export type ActionResult<T extends object = object> = ActionSuccess<T> | ActionFailure;

/** What a form shows after its action answered: the field errors and typed values of a failure, else none. */
export function formState(result: ActionResult | null | undefined, intent?: string) {
  const failure = result && !result.ok && (intent === undefined || result.intent === intent) ? result : undefined;
  const fieldErrors: FieldErrors = failure?.fieldErrors ?? {};
  const fieldCount = Object.keys(fieldErrors).filter((k) => k !== "form").length;
  return {
    /** The error of the whole form (not about one field): `fieldErrors.form`, or the failure's own when no field is named. */
    error: fieldErrors.form ?? (failure && fieldCount === 0 ? failure.error : undefined),
    fieldErrors,
    values: failure?.values ?? {},
    /** How many fields need attention (for FormErrorSummary). */
    count: fieldCount,
    field: fieldBinder(failure?.values ?? {}, fieldErrors),
  };
}

/**
 * Binds a form's fields to what its action answered: `field(name, initial?)` gives the field's name, what was
 * typed in it (else `initial`, the saved value of an edit form) and its error, to spread on a TextField,
 * TextAreaField or SelectField: `<TextField {...field("title")} label="Title" />`.
 */
export function fieldBinder(values: object, errors: Partial<Record<string, string>>) {
  const typed = values as Partial<Record<string, unknown>>;
  return (name: string, initial?: string): BoundField => {
    const value = typed[name];
    return { name, defaultValue: typeof value === "string" ? value : initial, error: errors[name] };
  };
}

/** What `field(name)` gives a TextField, TextAreaField or SelectField. */
export interface BoundField {
  name: string;
  defaultValue: string | undefined;
  error: string | undefined;
}

export type FieldBind = ReturnType<typeof fieldBinder>;
