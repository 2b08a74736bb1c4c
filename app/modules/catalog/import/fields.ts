// The columns of the catalogue spreadsheet (import, template and export share them) and the automatic
// matching of a file's headers to them. Pure: unit-tested, no database.

export const IMPORT_FIELDS = [
  {
    key: "title",
    header: "Title",
    required: true,
    synonyms: ["title", "name", "artwork", "artworktitle", "artworkname", "work", "titleofwork"],
    help: "Required.",
  },
  {
    key: "slug",
    header: "Slug",
    required: false,
    synonyms: ["slug", "urlslug", "handle", "permalink"],
    help: "Optional. A work with this slug is updated; otherwise a new work is created.",
  },
  {
    key: "description",
    header: "Description",
    required: false,
    synonyms: ["description", "desc", "about", "notes", "text", "artworkdescription"],
    help: "Free text.",
  },
  {
    key: "medium",
    header: "Medium",
    required: false,
    synonyms: ["medium", "media", "materials", "material", "technique"],
    help: "e.g. Oil on canvas.",
  },
  {
    key: "year",
    header: "Year",
    required: false,
    synonyms: ["year", "yearcreated", "created", "date", "datecreated", "yearmade"],
    help: "A year such as 2024.",
  },
  {
    key: "size",
    header: "Size",
    required: false,
    synonyms: ["size", "dimensions", "dimension", "dims", "measurements"],
    help: 'Free text with inch marks, e.g. 24" x 36".',
  },
  {
    key: "price",
    header: "Price (USD)",
    required: false,
    synonyms: ["price", "priceusd", "usd", "pricein", "cost", "amount", "retailprice", "saleprice"],
    help: "In dollars: 1200 or 1,200.00. Empty means price on request.",
  },
  {
    key: "availability",
    header: "Availability",
    required: false,
    synonyms: ["availability", "status", "available", "state", "salestatus"],
    help: "available, reserved, sold or not for sale. Empty means available.",
  },
  {
    key: "featured",
    header: "Featured",
    required: false,
    synonyms: ["featured", "isfeatured", "feature", "highlight", "homepage"],
    help: "yes or no (the home page shows at most 6).",
  },
  {
    key: "quantity",
    header: "Quantity",
    required: false,
    synonyms: ["quantity", "qty", "stock", "editionsize", "edition", "inventory", "copies"],
    help: "1 for an original, more for an edition. Empty means 1 (0 when sold).",
  },
  {
    key: "category",
    header: "Category",
    required: false,
    synonyms: ["category", "categories", "type", "genre"],
    help: "One or more, separated by ; or ,.",
  },
  {
    key: "series",
    header: "Series",
    required: false,
    synonyms: ["series", "collection", "body of work", "bodyofwork"],
    help: "One or more, separated by ; or ,.",
  },
  {
    key: "tags",
    header: "Tags",
    required: false,
    synonyms: ["tags", "tag", "keywords", "keyword", "labels"],
    help: "Separated by ; or ,.",
  },
  {
    key: "image",
    header: "Image",
    required: false,
    synonyms: [
      "image",
      "imagefile",
      "imagefilename",
      "imagename",
      "filename",
      "file",
      "photo",
      "picture",
      "mainimage",
      "img",
    ],
    help: "File name of the picture, in the ZIP or already uploaded.",
  },
  {
    key: "sortOrder",
    header: "Sort order",
    required: false,
    synonyms: ["sortorder", "sort", "position", "order", "displayorder", "rank"],
    help: "Optional position in the gallery (1 first); empty places newest first after the placed ones.",
  },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]["key"];
export const FIELD_KEYS: ImportField[] = IMPORT_FIELDS.map((f) => f.key);
export const TEMPLATE_HEADERS = IMPORT_FIELDS.map((f) => f.header);

/** Which column (by header) feeds each field; a field without a column is left out. */
export type ColumnMapping = Partial<Record<ImportField, string>>;

const normalize = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, "");

/**
 * Matches a file's headers to the fields: the template's own header or a synonym, ignoring case, spaces and
 * punctuation ("Price (USD)", "price_usd", "PRICE"); then a header that starts with a synonym ("Title of
 * the work"). Each header feeds at most one field, first come first served in field order.
 */
export function autoMap(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  const normalized = headers.map((h) => ({ header: h, key: normalize(h) }));
  const passes: ((key: string, synonym: string) => boolean)[] = [
    (key, synonym) => key === synonym,
    (key, synonym) => synonym.length >= 4 && key.startsWith(synonym),
  ];
  for (const matches of passes) {
    for (const field of IMPORT_FIELDS) {
      if (mapping[field.key]) continue;
      const synonyms = [normalize(field.header), ...field.synonyms.map(normalize)];
      const found = normalized.find((h) => !used.has(h.header) && synonyms.some((s) => h.key && matches(h.key, s)));
      if (found) {
        mapping[field.key] = found.header;
        used.add(found.header);
      }
    }
  }
  return mapping;
}

/** A stored or submitted mapping, kept only where it names a header the file has. */
export function cleanMapping(input: Record<string, unknown>, headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const key of FIELD_KEYS) {
    const value = input[key];
    if (typeof value === "string" && headers.includes(value)) mapping[key] = value;
  }
  return mapping;
}

/**
 * What a spreadsheet app would run as a formula: a leading = + - @ | % (after any whitespace) or a tab, carriage
 * return or line feed. Exports prefix such cells with an apostrophe; imports take it off again.
 */
export const FORMULA_LEADING = /^(?:\s*[=+\-@|%]|[\t\r\n])/;
