// Reading a submitted form, the one way every action does it: `readSubmission(request, Schema)` reads the
// body and parses it with the action's zod schema into typed values, or into the failure the page shows
// (`ActionFailure` of `~/lib/action-result`: the first message per field, what was typed minus secrets).
// A body that claims to be a form and is not one (a broken multipart boundary, bytes that are no encoding) is
// the sender's mistake, answered 400: `request.formData()` throws on it, and an action that let that through
// answered 500. Lint forbids the direct call.
import { data } from "react-router";
import { z } from "zod";
import type { ActionFailure, FieldErrors } from "~/lib/action-result";
import { plainLineEnds } from "~/lib/form-data";
import { isDatabaseUnavailable, noteOutage, OUTAGE_HEADERS } from "~/db/unavailable";
import { services } from "~/services.server";

/**
 * The most fields a form may hold. Our largest sends a page's worth of selected works (500 at most) and a few
 * fields more; a body of 40,000 empty fields is only someone's way of making a server count them.
 */
export const MAX_FORM_FIELDS = 1_000;

/**
 * Said of a form, or a field, that the page's own form never sends (a body that is no form, a text field sent twice
 * or as a file): only a hand-made request gets it.
 */
export const FORM_UNREADABLE = "The form could not be read. Please reload the page and try again.";

const unreadable = () => data({ message: FORM_UNREADABLE }, { status: 400 });
const tooManyFields = () =>
  data({ message: "The form has too many fields. Please reload the page and try again." }, { status: 400 });

/**
 * How a body that carries files must keep arriving: some bytes every `stallMs`, and, after `startMs`, on
 * average `bytesPerSecond` of what it has sent so far. Three senders trickling a byte every ten seconds into
 * bodies that declared 50 MB held every public upload slot for five minutes (a probe, 26 November).
 */
export interface BodyPace {
  stallMs: number;
  startMs: number;
  bytesPerSecond: number;
}

/**
 * Pictures on a public form: 16 KB a second is slower than a poor mobile line (3G carries about 48), and a
 * phone may go quiet for half a minute passing a tunnel. Node's own request timeout (5 minutes) still bounds it.
 */
export const UPLOAD_PACE: BodyPace = { stallMs: 30_000, startMs: 20_000, bytesPerSecond: 16 * 1024 };

export const TOO_SLOW_MESSAGE =
  "The form arrived too slowly and was not read. Please send it again, with fewer or smaller pictures.";

const tooSlow = () => data({ message: TOO_SLOW_MESSAGE }, { status: 408 });

export async function readFormData(request: Request, pace?: BodyPace): Promise<FormData> {
  // The fields are counted in the raw bytes before they are parsed: parsing is synchronous, and a commission
  // request's 51 MB of one-byte parts took seconds of the process to read into a form. A multipart part after
  // the first is always preceded by CRLF "--" (the parser refuses a body without), whatever boundary the header
  // names, so their count bounds the parts; a urlencoded field is preceded by "&".
  const type = request.headers.get("content-type") ?? "";
  const separator = /^\s*multipart\//i.test(type)
    ? "\r\n--"
    : /^\s*application\/x-www-form-urlencoded\b/i.test(type)
      ? "&"
      : undefined;
  let body: ArrayBuffer;
  let form: FormData;
  try {
    body = pace ? await readPaced(request, pace) : await request.arrayBuffer();
  } catch (error) {
    if (error instanceof TooSlow) throw tooSlow();
    throw unreadable();
  }
  // n fields hold n - 1 "&", or at most n + 1 delimiters after a CRLF (the closing one, a preamble's).
  const delimiters = separator ? occurrences(Buffer.from(body), separator, MAX_FORM_FIELDS + 2) : 0;
  if (delimiters > MAX_FORM_FIELDS + 1) throw tooManyFields();
  try {
    // Handed over as one chunk of a stream: a body given as bytes would be copied first (211 MB for an import).
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(body));
        controller.close();
      },
    });
    form = await new Response(stream, { headers: { "content-type": type } }).formData();
  } catch {
    throw unreadable();
  }
  let fields = 0;
  for (const _ of form.keys()) if (++fields > MAX_FORM_FIELDS) throw tooManyFields();
  return withoutNulBytes(form);
}

class TooSlow extends Error {}

/**
 * The body, read as it arrives; a sender that falls behind `pace` is cut off: its stream is cancelled, which
 * closes the connection (the adapter destroys the request), so the sender is not answered.
 */
async function readPaced(request: Request, pace: BodyPace): Promise<ArrayBuffer> {
  if (!request.body) return new ArrayBuffer(0);
  const started = Date.now();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    // What has arrived buys time at the pace's rate: a byte every few seconds buys next to nothing.
    const deadline = started + pace.startMs + (length / pace.bytesPerSecond) * 1000;
    const wait = Math.min(pace.stallMs, deadline - Date.now());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), Math.max(0, wait))));
    const next = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
    if (next === "late") {
      await reader.cancel().catch(() => undefined);
      throw new TooSlow();
    }
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.byteLength;
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body.buffer;
}

/** How many times `needle` occurs in `bytes`, counted up to `stop`. */
function occurrences(bytes: Buffer, needle: string, stop: number): number {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1 && count < stop; at = bytes.indexOf(needle, at + needle.length))
    count++;
  return count;
}

/**
 * The form without NUL bytes in its values and file names. No keyboard types one and PostgreSQL can neither
 * store nor compare one (a query holding one failed, answered 500), so it is dropped: the rest of what was
 * sent is kept as it came. A form without one (every form a browser sends) is returned as it is.
 */
export function withoutNulBytes(form: FormData): FormData {
  let clean = true;
  for (const [name, value] of form)
    if (name.includes("\0") || (typeof value === "string" ? value : value.name).includes("\0")) clean = false;
  if (clean) return form;
  const copy = new FormData();
  for (const [name, value] of form) {
    const key = name.replaceAll("\0", "");
    if (typeof value === "string") copy.append(key, value.replaceAll("\0", ""));
    else copy.append(key, value, value.name.replaceAll("\0", ""));
  }
  return copy;
}

/** Said above a form whose fields need attention (each field's own message is beside it). */
export const FIELDS_NEED_ATTENTION = "Some fields need attention.";

/** Said when a request is not one the page's own form sends (a missing or unknown intent): only a hand-made
 * request gets it. */
export const NOT_UNDERSTOOD = "That request was not understood.";

/** Names of fields never typed back into a form after an error. */
const SECRET = /password|secret|token|^code$|^otp$|backupcode/i;

export interface SubmissionOptions {
  /** The words shown for an issue (default: the schema's own message). */
  message?: (issue: z.core.$ZodIssue) => string;
  /** Said above the form when fields are wrong (default: "Some fields need attention."). */
  error?: string;
  /** Which of the page's forms this is, carried into the failure. */
  intent?: string;
}

export type Submission<T> =
  { ok: true; value: T; form: FormData } | { ok: false; failure: ActionFailure; form: FormData };

/**
 * The form as the schema sees it: a name sent once is its value, a name sent several times (checkboxes) the
 * list of its values; text with plain line ends (`plainLineEnds`), files as they are. Use `formList` in the schema for a name that may come once or more.
 */
export function formFields(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  // One pass over the form: `getAll` per name searched the whole form each time (quadratic in its size).
  const lists = new Map<string, FormDataEntryValue[]>();
  for (const [name, sent] of form) {
    const value = typeof sent === "string" ? plainLineEnds(sent) : sent;
    const list = lists.get(name);
    if (list) list.push(value);
    else lists.set(name, [value]);
  }
  // Own properties even for a name like "__proto__" (an assignment would set the object's prototype).
  return Object.fromEntries([...lists].map(([name, all]) => [name, all.length === 1 ? all[0]! : all]));
}

/** The first message for each field of a zod error, by the field's name (nested paths joined with dots). */
export function fieldErrorsOf(
  error: { issues: readonly z.core.$ZodIssue[] },
  message: (issue: z.core.$ZodIssue) => string = (issue) => issue.message,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.map(String).join(".") || "form"] ??= message(issue);
  return errors;
}

/** What is typed back into the form after an error: every text field but secrets. */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !SECRET.test(name)) values[name] ??= value;
  return values;
}

/** What no field of a page sends where one value goes: several values, a file, or nothing at all. */
const notOneValue = (value: unknown) => Array.isArray(value) || value instanceof Blob || value === undefined;

/**
 * The words for a value of the wrong kind in a field whose schema has none of its own (a field with its own, such as
 * `requiredText`'s, keeps them): zod's ("Invalid input: expected string, received array") would show beside it.
 * The sent value is looked at too, as a coerced one reaches the schema changed (a list becomes NaN).
 */
const notSentByThePage =
  (fields: Record<string, unknown>): z.core.$ZodErrorMap =>
  (issue) =>
    issue.code === "invalid_type" &&
    (notOneValue(issue.input) || (issue.path?.length === 1 && notOneValue(fields[String(issue.path[0])])))
      ? FORM_UNREADABLE
      : undefined;

/** Parses a form already read (a multipart upload read once) with a schema. */
export function parseSubmission<S extends z.ZodType>(
  form: FormData,
  schema: S,
  options: SubmissionOptions = {},
): Submission<z.output<S>> {
  const fields = formFields(form);
  const parsed = schema.safeParse(fields, { error: notSentByThePage(fields) });
  if (parsed.success) return { ok: true, value: parsed.data, form };
  return {
    ok: false,
    form,
    failure: {
      ok: false,
      error: options.error ?? FIELDS_NEED_ATTENTION,
      fieldErrors: fieldErrorsOf(parsed.error, options.message),
      values: typedValues(form),
      ...(options.intent ? { intent: options.intent } : {}),
    },
  };
}

/**
 * The one sentence of a failure, for a form with room for no more (a single field, a bar of controls): the first
 * field's message, else the failure's own words.
 */
export const firstMessage = (failure: ActionFailure): string =>
  Object.values(failure.fieldErrors ?? {})[0] ?? failure.error;

/** Reads the request's form and parses it with the schema: typed values, or the failure to answer. */
export async function readSubmission<S extends z.ZodType>(
  request: Request,
  schema: S,
  options?: SubmissionOptions,
): Promise<Submission<z.output<S>>> {
  return parseSubmission(await readFormData(request), schema, options);
}

/** Reads a list page's query with its schema (fields of `./fields`, which never fail: no 500 for a bad link). */
export function readListQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}

/**
 * A refusal with its HTTP status: field errors (400 by default), a state that forbids it (404, 409), or a form
 * sent too often (429, with `retryAfter(limited)` as its headers).
 */
export function refuse(failure: ActionFailure | string, status = 400, headers?: HeadersInit) {
  return data<ActionFailure>(typeof failure === "string" ? { ok: false, error: failure } : failure, {
    status,
    headers,
  });
}

/**
 * Runs a form's handling; should the database be out of reach meanwhile, the sender is asked to send it again
 * (503 with Retry-After) with what they typed back in the form (never a password or a code), instead of the
 * site's outage page, which loses it. `retry` says what to do, as the form's own words; the form's `intent`, if
 * it has one, says which of the page's forms it was. What the form stores must be stored once when it is sent
 * again, had the first sending gone through: a submission key (contact, commissions) or a natural one (an
 * address subscribed, a hold request waiting).
 */
export function keptThroughOutage<T>(form: FormData, retry: string, handle: () => Promise<T>) {
  return orDuringOutage(handle, () => {
    const intent = form.get("intent");
    return refuse(
      { ok: false, error: retry, values: typedValues(form), ...(typeof intent === "string" ? { intent } : {}) },
      503,
      OUTAGE_HEADERS,
    );
  });
}

/** The headers of a 503 for the database out of reach (for routes, which do not reach `~/db`). */
export { OUTAGE_HEADERS };

/**
 * `handle()`, or `outage()` when the database is out of reach (said once a minute in the log): for a form whose
 * answer has a shape of its own (Track your order), where `keptThroughOutage` gives the common one.
 */
export async function orDuringOutage<T, U>(handle: () => Promise<T>, outage: () => U): Promise<T | U> {
  try {
    return await handle();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    noteOutage(services().logger, error);
    return outage();
  }
}

/** A refusal of fields that need attention, built by hand (a form checked in several steps): 400, each field's
 * message beside it and what was typed back in the form. */
export function refuseFields(fieldErrors: FieldErrors, values: Record<string, string>) {
  return refuse({ ok: false, error: FIELDS_NEED_ATTENTION, fieldErrors, values });
}

/** A field that may be sent once or several times (checkboxes), as a list; absent is the empty list. */
export const formList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? (v as unknown[]) : [v]),
    z.array(item),
  );

/** A text field that may be left empty: trimmed, and "" reads as undefined. */
export const optionalText = (max: number, message = `Use at most ${max} characters.`) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(max, message).optional());
