// Forms generated from the zod content types (sections.ts): the zod schema, through its JSON Schema, becomes
// a plain description of fields the admin page renders; submitted form data goes back through the same
// schema. Pure and isomorphic data (the browser gets the description, never zod): unit-tested.
import { z } from "zod";
import type { SectionType } from "~/db/schema";
import { fieldErrorsOf } from "~/modules/forms/submission.server";
import { highlightColourErrors, SECTION_CONTENT } from "./sections";

export type FieldWidget = "text" | "textarea" | "link" | "image" | "color";

export interface TextFieldSpec {
  kind: "text";
  /** The key within its object (title, ctaLink, text). */
  key: string;
  label: string;
  widget: FieldWidget;
  required: boolean;
  maxLength?: number;
  hint?: string;
  /** What an empty field stands for (shown as its placeholder; an empty field is stored as it). */
  defaultValue?: string;
}

export interface ListFieldSpec {
  kind: "list";
  key: string;
  label: string;
  /** What one item is called ("Highlight"), for "Add highlight" and each item's legend. */
  itemLabel: string;
  maxItems?: number;
  hint?: string;
  fields: TextFieldSpec[];
}

export type FieldSpec = TextFieldSpec | ListFieldSpec;

/** Wording and widgets the schema cannot say; everything else comes from it. */
const LABELS: Record<string, string> = {
  title: "Title",
  subtitle: "Subtitle",
  description: "Description",
  statement: "Statement",
  ctaText: "Button text",
  ctaLink: "Button link",
  backgroundImage: "Background image",
  cta1Text: "First button text",
  cta1Link: "First button link",
  cta2Text: "Second button text",
  cta2Link: "Second button link",
  highlights: "Highlights",
  steps: "Steps",
  text: "Text",
  color: "Color",
  detail: "Detail",
};
const ITEM_LABELS: Record<string, string> = { highlights: "Highlight", steps: "Step" };
const HINTS: Record<string, string> = {
  ctaLink: "A page of this site (/gallery) or a full address (https://…).",
  backgroundImage: "Choose from the media library; without one the hero shows on paper.",
  highlights: "Short facts under the statement; without any, the four defaults show.",
  steps: "The home page always shows three steps; an empty text keeps the default.",
  color: "A CSS color such as #8c3f22; empty uses the accent color.",
};
/** Bounds tighter than the stored type's (the process section shows exactly three steps). */
const MAX_ITEMS: Partial<Record<SectionType, Record<string, number>>> = { process: { steps: 3 } };

const humanize = (key: string) => LABELS[key] ?? key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxLength?: number;
  maxItems?: number;
  minLength?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
  default?: unknown;
}

function textField(key: string, schema: JsonSchema, required: boolean): TextFieldSpec {
  const variants = schema.anyOf ?? [schema];
  const maxLength = Math.max(0, ...variants.map((v) => v.maxLength ?? 0)) || undefined;
  const isLink = variants.some((v) => v.pattern?.includes("https?"));
  const widget: FieldWidget =
    key === "backgroundImage"
      ? "image"
      : key === "color"
        ? "color"
        : isLink
          ? "link"
          : (maxLength ?? 0) > 200
            ? "textarea"
            : "text";
  return {
    kind: "text",
    key,
    label: humanize(key),
    widget,
    required: required && (schema.minLength ?? 0) > 0,
    ...(maxLength ? { maxLength } : {}),
    ...(HINTS[key] ? { hint: HINTS[key] } : {}),
    ...(typeof schema.default === "string" && schema.default ? { defaultValue: schema.default } : {}),
  };
}

/** The form of a zod object schema: its string fields and lists of objects of string fields. */
export function describeSchema(schema: z.ZodType, maxItems: Record<string, number> = {}): FieldSpec[] {
  const json = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([key, property]): FieldSpec => {
    if (property.type === "array" && property.items?.type === "object") {
      const itemRequired = new Set(property.items.required ?? []);
      const bound = maxItems[key] ?? property.maxItems;
      return {
        kind: "list",
        key,
        label: humanize(key),
        itemLabel: ITEM_LABELS[key] ?? "Item",
        ...(bound ? { maxItems: bound } : {}),
        ...(HINTS[key] ? { hint: HINTS[key] } : {}),
        fields: Object.entries(property.items.properties ?? {}).map(([k, p]) => textField(k, p, itemRequired.has(k))),
      };
    }
    return textField(key, property, required.has(key));
  });
}

export function describeSection(type: SectionType): FieldSpec[] {
  return describeSchema(SECTION_CONTENT[type], MAX_ITEMS[type]);
}

/**
 * Form data to the content object: `title` for a field, `highlights.0.text` for a list item's field. Lists
 * keep their items in index order; an item whose fields are all empty is dropped (a blank row left behind).
 */
export function formToContent(form: FormData | URLSearchParams, fields: FieldSpec[]): Record<string, unknown> {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.replace(/\r\n/g, "\n").trim() : "";
  };
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === "text") {
      const text = value(field.key);
      // Empty means "the default" where there is one (the schema fills it in).
      if (text || !field.defaultValue) content[field.key] = text;
      continue;
    }
    const indexes = new Set<number>();
    for (const name of form.keys()) {
      const match = new RegExp(`^${field.key}\\.(\\d+)\\.`).exec(name);
      if (match) indexes.add(Number(match[1]));
    }
    content[field.key] = [...indexes]
      .sort((a, b) => a - b)
      .slice(0, 50)
      .map((i) =>
        Object.fromEntries(
          field.fields
            .map((f) => [f.key, value(`${field.key}.${i}.${f.key}`)] as const)
            .filter(([key, text]) => text || !field.fields.find((f) => f.key === key)?.defaultValue),
        ),
      )
      .filter((item) => Object.values(item).some((v) => v !== ""));
  }
  return content;
}

/**
 * The words shown beside a content field for a zod issue (the `message` option of `readSubmission` and
 * `fieldErrorsOf`): plainer than zod's own for lengths, lists and links.
 */
export function contentIssueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_small" && issue.origin === "string") return "This field is required.";
  if (issue.code === "too_big" && issue.origin === "string") return `Use at most ${String(issue.maximum)} characters.`;
  if (issue.code === "too_big" && issue.origin === "array") return `Keep at most ${String(issue.maximum)} items.`;
  if (issue.code === "invalid_format" || issue.code === "invalid_union")
    return "Use a page of this site (starting with /) or a full address (https://…).";
  return issue.message;
}

/** Checks submitted content against its section's type: the value to store, or errors by field name. */
export function parseSectionContent(
  type: SectionType,
  content: Record<string, unknown>,
): { ok: true; content: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const parsed = SECTION_CONTENT[type].safeParse(content);
  const colours = highlightColourErrors(content);
  if (!parsed.success)
    return { ok: false, errors: { ...colours, ...fieldErrorsOf(parsed.error, contentIssueMessage) } };
  return Object.keys(colours).length ? { ok: false, errors: colours } : { ok: true, content: parsed.data };
}
