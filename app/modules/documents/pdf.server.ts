// What the studio's PDF documents (invoices, certificates) share: A4 pages drawn with pdf-lib's standard fonts
// (no font files at run time), the same ink, fixed document dates so one document always renders to the same
// bytes, and text a standard font can always draw. Loaded on demand by the renderers' callers (pdf-lib is not
// needed to start the server); the download response is download.server.ts.
import { PDFDocument, rgb, type PDFFont } from "pdf-lib";

export const A4: [number, number] = [595.28, 841.89];
export const INK = rgb(0.11, 0.105, 0.094);
export const MUTED = rgb(0.43, 0.4, 0.36);

/** A new document with its metadata; `date` is both its creation and modification date. */
export async function createPdf(meta: {
  title: string;
  author: string;
  subject?: string;
  creator: string;
  date: Date;
}): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setCreator(meta.creator);
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  return doc;
}

/**
 * Text as `font` can draw it: a character the standard font cannot encode becomes "?" (never an error), and
 * line breaks are dropped ("keep" keeps "\n" for text drawn line by line) or made spaces ("space").
 */
export function fontSafe(font: PDFFont, lineBreaks: "keep" | "space") {
  const charset = new Set(font.getCharacterSet());
  const breaks = lineBreaks === "space" ? ([/[\r\n]+/g, " "] as const) : ([/\r/g, ""] as const);
  return (text: string) =>
    Array.from(text.replace(breaks[0], breaks[1]), (c) => (charset.has(c.codePointAt(0)!) ? c : "?")).join("");
}
