import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formState } from "~/lib/action-result";
import { choiceParam, pageField, searchParam } from "./fields";
import {
  FIELDS_NEED_ATTENTION,
  firstMessage,
  FORM_UNREADABLE,
  formFields,
  formList,
  MAX_FORM_FIELDS,
  optionalText,
  parseSubmission,
  readFormData,
  readListQuery,
  readSubmission,
  refuse,
  refuseFields,
  TOO_SLOW_MESSAGE,
  withoutNulBytes,
} from "./submission.server";

const form = (entries: [string, string | Blob][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

const Schema = z.object({
  name: z.string().trim().min(1, "Enter your name."),
  email: z.email("Enter a valid email address."),
  note: optionalText(10),
  ids: formList(z.uuid("Choose works from the list.")),
});

describe("parseSubmission", () => {
  it("gives the typed values of a good form", () => {
    const id = "0194d5b0-0000-7000-8000-000000000001";
    const result = parseSubmission(
      form([
        ["name", " Ada "],
        ["email", "ada@example.com"],
        ["note", "  "],
        ["ids", id],
      ]),
      Schema,
    );
    expect(result.ok && result.value).toEqual({ name: "Ada", email: "ada@example.com", note: undefined, ids: [id] });
  });

  it("reads a text area's line ends as a browser sends them (CRLF) as plain ones, before the schema counts them", () => {
    const Note = z.object({ note: z.string().max(11, "Keep it short.") });
    const result = parseSubmission(form([["note", "one\r\ntwo\r\nsix"]]), Note);
    expect(result.ok && result.value).toEqual({ note: "one\ntwo\nsix" });
  });

  it("reads a name sent several times as a list, and none as the empty list", () => {
    const a = "0194d5b0-0000-7000-8000-00000000000a";
    const b = "0194d5b0-0000-7000-8000-00000000000b";
    const two = parseSubmission(
      form([
        ["name", "A"],
        ["email", "a@b.co"],
        ["ids", a],
        ["ids", b],
      ]),
      Schema,
    );
    expect(two.ok && two.value.ids).toEqual([a, b]);
    const none = parseSubmission(
      form([
        ["name", "A"],
        ["email", "a@b.co"],
      ]),
      Schema,
    );
    expect(none.ok && none.value.ids).toEqual([]);
  });

  it("answers the first message per field, what was typed minus secrets, and the intent", () => {
    const result = parseSubmission(
      form([
        ["name", ""],
        ["email", "nope"],
        ["note", "far too long a note"],
        ["password", "hunter22"],
        ["code", "123456"],
        ["postalCode", "75001"],
      ]),
      Schema.extend({ password: z.string(), code: z.string(), postalCode: z.string() }),
      { intent: "profile" },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toEqual({
      ok: false,
      error: "Some fields need attention.",
      intent: "profile",
      fieldErrors: {
        name: "Enter your name.",
        email: "Enter a valid email address.",
        note: "Use at most 10 characters.",
      },
      values: { name: "", email: "nope", note: "far too long a note", postalCode: "75001" },
    });
  });

  it("names nested fields with dots and lets the caller choose the words", () => {
    const Nested = z.object({ highlights: z.array(z.object({ text: z.string().min(1) })) });
    const result = parseSubmission(
      form([]),
      z.preprocess(() => ({ highlights: [{ text: "" }] }), Nested),
      {
        message: () => "This field is required.",
      },
    );
    expect(!result.ok && result.failure.fieldErrors).toEqual({ "highlights.0.text": "This field is required." });
  });

  it("refuses a value sent twice where one is expected, as a field error", () => {
    const result = parseSubmission(
      form([
        ["name", "a"],
        ["name", "b"],
        ["email", "a@b.co"],
      ]),
      Schema,
    );
    expect(!result.ok && Object.keys(result.failure.fieldErrors ?? {})).toEqual(["name"]);
  });

  it("answers a list, a file or nothing where a text is expected in the field's own words, else in ours, never zod's", () => {
    const Fields = z.object({
      name: z.string({ error: "Enter your name." }).trim(),
      subject: z.string().trim().max(160),
      note: optionalText(10),
      count: z.coerce.number().int(),
      ids: formList(z.uuid("Choose works from the list.")),
    });
    const result = parseSubmission(
      form([
        ["name", "a"],
        ["name", "b"],
        ["subject", "one"],
        ["subject", "two"],
        ["note", new Blob(["x"])],
        ["ids", "not-an-id"],
      ]),
      Fields,
    );
    expect(!result.ok && result.failure.fieldErrors).toEqual({
      name: "Enter your name.",
      subject: FORM_UNREADABLE,
      note: FORM_UNREADABLE,
      count: FORM_UNREADABLE,
      "ids.0": "Choose works from the list.",
    });
    expect(FORM_UNREADABLE).toBe("The form could not be read. Please reload the page and try again.");
    // A person's own mistake in a field of one value keeps the schema's words.
    const typed = parseSubmission(form([["count", "2.5"]]), z.object({ count: z.coerce.number().int("Whole.") }));
    expect(!typed.ok && typed.failure.fieldErrors).toEqual({ count: "Whole." });
  });
});

describe("readSubmission", () => {
  it("answers 400 to a body that is no form", async () => {
    const request = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=nope" },
      body: "garbage",
    });
    const thrown = await readSubmission(request, Schema).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 400 } });
  });

  it("reads a body that keeps its pace, and cuts off one that stalls or falls behind it", async () => {
    /** A urlencoded body sent in `chunks`, `gapMs` apart; `cancelled` says whether the reader gave up on it. */
    const sent = (chunks: string[], gapMs: number, declared = chunks.join("").length) => {
      const state = { cancelled: false };
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const chunk of chunks) {
            await new Promise((r) => setTimeout(r, gapMs));
            if (state.cancelled) return;
            controller.enqueue(new TextEncoder().encode(chunk));
          }
          controller.close();
        },
        cancel() {
          state.cancelled = true;
        },
      });
      const request = new Request("http://x/", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(declared) },
        body,
        duplex: "half",
      } as RequestInit);
      return { request, state };
    };

    // Within its pace (the windows are wide: a loaded machine's timers run late, never early).
    const steady = sent(["name=Ada", "&note=hi"], 20);
    const wide = { stallMs: 5_000, startMs: 5_000, bytesPerSecond: 1024 };
    expect(Object.fromEntries(await readFormData(steady.request, wide))).toEqual({ name: "Ada", note: "hi" });

    // Nothing for longer than stallMs.
    const stalled = sent(["name=Ada", "&note=hi"], 1_000);
    const stall = await readFormData(stalled.request, { ...wide, stallMs: 100 }).catch((e: unknown) => e);
    expect(stall).toMatchObject({ init: { status: 408 }, data: { message: TOO_SLOW_MESSAGE } });
    expect(stalled.state.cancelled).toBe(true);

    // A byte at a time, each well within stallMs, into a body that declares a megabyte: each byte buys 10 ms at
    // 100 bytes a second, and they come 60 ms apart, so it falls behind once startMs is spent.
    const trickled = sent(
      Array.from({ length: 200 }, () => "a"),
      60,
      1024 * 1024,
    );
    const pace = { stallMs: 5_000, startMs: 200, bytesPerSecond: 100 };
    const trickle = await readFormData(trickled.request, pace).catch((e: unknown) => e);
    expect(trickle).toMatchObject({ init: { status: 408 } });
    expect(trickled.state.cancelled).toBe(true);
  });

  it("drops NUL bytes from names, values and file names, and keeps everything else as sent", async () => {
    const body = new FormData();
    body.append("name", "Ada\0 Lovelace");
    body.append("email", "ada@example.com");
    body.append("ids", "01a213f6-6d3a-735f-94a3-fbe0b2f42648");
    body.append("ids", "01a213f6-6d3a-735f-94a3-fbe0b2f4264\0" + "9");
    body.append("no\0te", "\0\0");
    body.append("file", new File(["bytes"], "sketch\0.png", { type: "image/png" }));
    const request = new Request("http://x/", { method: "POST", body });
    const submission = await readSubmission(request, Schema);
    expect(submission).toMatchObject({
      ok: true,
      value: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        ids: ["01a213f6-6d3a-735f-94a3-fbe0b2f42648", "01a213f6-6d3a-735f-94a3-fbe0b2f42649"],
        note: undefined,
      },
    });
    const file = submission.form.get("file") as File;
    expect([file.name, file.type, await file.text()]).toEqual(["sketch.png", "image/png", "bytes"]);
  });

  it("refuses a form of more than MAX_FORM_FIELDS fields with 400, as one no page of ours sends", async () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=`).join("&");
    const post = (n: number) =>
      new Request("http://x/", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: body(n),
      });
    expect([...(await readFormData(post(MAX_FORM_FIELDS))).keys()]).toHaveLength(MAX_FORM_FIELDS);
    const thrown = await readFormData(post(MAX_FORM_FIELDS + 1)).catch((e: unknown) => e);
    const refused = {
      init: { status: 400 },
      data: { message: "The form has too many fields. Please reload the page and try again." },
    };
    expect(thrown).toMatchObject(refused);
    // The same for parts of a multipart body, counted before any is parsed.
    const parts = (n: number) => {
      const body = new FormData();
      for (let i = 0; i < n; i++) body.append(`p${i}`, i % 2 ? "x" : new File(["x"], "x.txt"));
      return new Request("http://x/", { method: "POST", body });
    };
    expect([...(await readFormData(parts(MAX_FORM_FIELDS))).keys()]).toHaveLength(MAX_FORM_FIELDS);
    expect(await readFormData(parts(MAX_FORM_FIELDS + 1)).catch((e: unknown) => e)).toMatchObject(refused);
    expect(await readFormData(parts(50_000)).catch((e: unknown) => e)).toMatchObject(refused);
    // Counted before parsing, whatever boundary the header names: these parts are no form the parser would take
    // (it would answer "could not be read"), and a header naming a second boundary changes nothing.
    const crafted = (type: string) =>
      new Request("http://x/", {
        method: "POST",
        headers: { "content-type": type },
        body: '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n' + "\r\n--abc".repeat(1_200),
      });
    for (const type of [
      "multipart/form-data; boundary=zzz",
      "multipart/form-data; boundary=abc ",
      "multipart/form-data; boundary=abc; boundary=zzz",
      'multipart/form-data; x="; boundary=zzz"; boundary=abc',
    ])
      expect(await readFormData(crafted(type)).catch((e: unknown) => e), type).toMatchObject(refused);
  });

  it("reads a name sent many times into one list, keeping the order, in one pass over the form", () => {
    const sent = form([
      ["a", "1"],
      ["b", "x"],
      ["a", "2"],
      ["a", "3"],
    ]);
    expect(formFields(sent)).toEqual({ a: ["1", "2", "3"], b: "x" });
    // Each field looked at once: the form is never searched again per name (40,000 names held a process for
    // 15 s that way).
    let reads = 0;
    const counted = new Proxy(sent, {
      get: (target, key) =>
        key === "getAll" || key === "get"
          ? () => {
              throw new Error("searched again");
            }
          : key === Symbol.iterator || key === "entries"
            ? () => {
                reads++;
                return target.entries();
              }
            : (Reflect.get(target, key) as unknown),
    });
    expect(formFields(counted)).toEqual({ a: ["1", "2", "3"], b: "x" });
    expect(reads).toBe(1);
    // A field named like an object's prototype is a field like any other.
    const proto = formFields(
      form([
        ["__proto__", "1"],
        ["__proto__", "2"],
      ]),
    );
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(proto, "__proto__")?.value).toEqual(["1", "2"]);
  });

  it("gives back the very form read when it holds no NUL byte", () => {
    const sent = form([["name", "Ada"]]);
    expect(withoutNulBytes(sent)).toBe(sent);
  });
});

describe("readListQuery", () => {
  const ListQuery = z.object({ q: searchParam(10), status: choiceParam(["open", "closed"]), page: pageField });
  const read = (query: string) => readListQuery(new Request(`http://x/admin/list${query}`), ListQuery);

  it("reads a list's search, filter and page", () => {
    expect(read("?q=%20Mara%20&status=open&page=3")).toEqual({ q: "Mara", status: "open", page: 3 });
    expect(read("")).toEqual({ q: undefined, status: undefined, page: 1 });
  });

  it("reads what a list does not know as not sent, never as an error", () => {
    expect(read("?q=far-too-long-a-search&status=lost&page=abc")).toEqual({ q: undefined, status: undefined, page: 1 });
    expect(read("?page=0").page).toBe(1);
    expect(read("?page=1e9").page).toBe(1);
    expect(read("?page=99999999").page).toBe(1);
    expect(read("?page=999999").page).toBe(10_000);
    expect(read("?page=2&page=4").page).toBe(4);
  });
});

describe("firstMessage", () => {
  it("says a failure in one sentence: the first field's message, else the failure's own words", () => {
    const failed = parseSubmission(
      form([
        ["name", " "],
        ["email", "nope"],
      ]),
      Schema,
    );
    expect(!failed.ok && firstMessage(failed.failure)).toBe("Enter your name.");
    expect(firstMessage({ ok: false, error: "That request was not understood." })).toBe(
      "That request was not understood.",
    );
  });
});

describe("refuse and formState", () => {
  it("carries the failure with its status, and the page reads it back", () => {
    const response = refuse({ ok: false, error: "Fix it.", fieldErrors: { email: "Bad." }, values: { email: "x" } });
    expect(response.init?.status).toBe(400);
    const { field, ...state } = formState(response.data);
    expect(state).toEqual({ error: undefined, fieldErrors: { email: "Bad." }, values: { email: "x" }, count: 1 });
    expect(field("email")).toEqual({ name: "email", defaultValue: "x", error: "Bad." });
    expect(formState(refuse("Gone.", 404).data).error).toBe("Gone.");
    const { field: _, ...none } = formState({ ok: true });
    expect(none).toEqual({ error: undefined, fieldErrors: {}, values: {}, count: 0 });
    expect(formState({ ok: false, error: "x", intent: "a" }, "b").error).toBeUndefined();
  });
  it("refuses fields checked by hand as a schema's refusal would: 400, the words above the form, each field's message", () => {
    const response = refuseFields({ slug: "That address is taken." }, { slug: "spring", title: "Spring" });
    expect(response.init?.status).toBe(400);
    expect(response.data).toEqual({
      ok: false,
      error: FIELDS_NEED_ATTENTION,
      fieldErrors: { slug: "That address is taken." },
      values: { slug: "spring", title: "Spring" },
    });
  });
});
