// An invoice as a one-page (or longer) A4 PDF drawn with pdf-lib and its standard fonts: no browser and no
// font files at run time. Characters the standard fonts cannot encode are replaced, never fatal.
import { rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { formatPrice } from "~/lib/money";
import { A4, createPdf, fontSafe, INK, MUTED } from "~/modules/documents/pdf.server";
import type { InvoiceWithLines } from "./invoices.server";
import { formatInvoiceDay, INVOICE_STATUS_LABELS } from "./invoice-rules";

export interface Studio {
  artistName: string;
  contactEmail: string;
  locationLine: string;
}

const LINE = rgb(0.886, 0.867, 0.831);
const MARGIN = 56;

export async function invoicePdf(invoice: InvoiceWithLines, studio: Studio): Promise<Uint8Array> {
  // A fixed date keeps the same invoice's PDF byte-identical between renders.
  const doc = await createPdf({
    title: `Invoice ${invoice.number}`,
    author: studio.artistName,
    creator: "Atelier",
    date: new Date(`${invoice.issueDate}T00:00:00Z`),
  });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = fontSafe(regular, "keep");

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const text = (value: string, x: number, size = 10, font: PDFFont = regular, color = INK) =>
    page.drawText(safe(value), { x, y, size, font, color });
  const right = (value: string, xRight: number, size = 10, font: PDFFont = regular) =>
    text(value, xRight - font.widthOfTextAtSize(safe(value), size), size, font);
  const rule = () =>
    page.drawLine({
      start: { x: MARGIN, y: y + 12 },
      end: { x: MARGIN + width, y: y + 12 },
      thickness: 0.5,
      color: LINE,
    });
  const newLineOr = (needed: number) => {
    if (y - needed < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  /** Splits text into lines that fit maxWidth. */
  const wrap = (value: string, maxWidth: number, size = 10, font: PDFFont = regular) => {
    const out: string[] = [];
    for (const paragraph of safe(value).split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  };

  // Header: the studio on the left, the invoice's number and dates on the right.
  text(studio.artistName, MARGIN, 18, bold);
  right("INVOICE", MARGIN + width, 18, bold);
  y -= 18;
  for (const line of [studio.locationLine, studio.contactEmail].filter(Boolean)) {
    text(line, MARGIN, 10, regular, MUTED);
    y -= 14;
  }
  y = A4[1] - MARGIN - 18;
  for (const [label, value] of [
    ["Number", invoice.number],
    ["Issued", formatInvoiceDay(invoice.issueDate)],
    ["Due", formatInvoiceDay(invoice.dueDate)],
    ["Status", INVOICE_STATUS_LABELS[invoice.status]],
  ] as const) {
    right(`${label}: ${value}`, MARGIN + width);
    y -= 14;
  }
  y -= 24;

  text("Bill to", MARGIN, 9, bold, MUTED);
  y -= 14;
  for (const line of [invoice.buyerName, invoice.buyerEmail, ...invoice.buyerAddress.split("\n")].filter(Boolean)) {
    text(line, MARGIN);
    y -= 14;
  }
  y -= 20;

  // Lines: description, quantity, unit price, amount.
  const money = (cents: number) => formatPrice(cents, invoice.currency);
  const qtyRight = MARGIN + width * 0.66;
  const unitRight = MARGIN + width * 0.83;
  const amountRight = MARGIN + width;
  text("Description", MARGIN, 9, bold, MUTED);
  right("Qty", qtyRight, 9, bold);
  right("Unit price", unitRight, 9, bold);
  right("Amount", amountRight, 9, bold);
  y -= 18;
  for (const line of invoice.lines) {
    const described = wrap(line.description, width * 0.58);
    newLineOr(14 * described.length + 10);
    rule();
    right(String(line.quantity), qtyRight);
    right(money(line.unitPriceCents), unitRight);
    right(money(line.quantity * line.unitPriceCents), amountRight);
    for (const part of described) {
      text(part, MARGIN);
      y -= 14;
    }
    y -= 6;
  }
  newLineOr(100);
  rule();
  const totalRow = (label: string, cents: number, strong = false) => {
    right(label, unitRight, 10, strong ? bold : regular);
    right(money(cents), amountRight, 10, strong ? bold : regular);
    y -= 16;
  };
  totalRow("Subtotal", invoice.subtotalCents);
  if (invoice.shippingCents) totalRow("Shipping", invoice.shippingCents);
  if (invoice.taxCents) totalRow(invoice.taxLabel, invoice.taxCents);
  totalRow(`Total (${invoice.currency})`, invoice.totalCents, true);
  y -= 16;

  if (invoice.notes) {
    newLineOr(40);
    text("Notes", MARGIN, 9, bold, MUTED);
    y -= 14;
    for (const part of wrap(invoice.notes, width)) {
      newLineOr(14);
      text(part, MARGIN);
      y -= 14;
    }
  }
  return doc.save();
}
