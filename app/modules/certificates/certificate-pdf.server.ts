// A certificate of authenticity as a one-page A4 PDF drawn with pdf-lib and its standard fonts (as invoices):
// the work's picture and particulars, the artist's statement and signature, and a QR code to /verify/{code}.
import { rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { certificateParticulars } from "~/modules/certificates/certificate-rules";
import { A4, createPdf, fontSafe, INK, MUTED } from "~/modules/documents/pdf.server";

export interface CertificateContent {
  number: string;
  title: string;
  year: number | null;
  medium: string;
  size: string;
  edition: string;
  /** "November 23, 2026". */
  issuedOn: string;
  /** Set on a revoked certificate: the PDF says so across its top. */
  revokedOn: string | null;
  verifyUrl: string;
  artistName: string;
  siteTitle: string;
  image?: { bytes: Uint8Array; format: "jpeg" | "png" };
  signature?: { bytes: Uint8Array; format: "jpeg" | "png" };
}

const LINE = rgb(0.8, 0.77, 0.72);
const REVOKED = rgb(0.62, 0.13, 0.1);
const MARGIN = 72;

export async function certificatePdf(content: CertificateContent, issuedAt: Date): Promise<Uint8Array> {
  // The issue time as the document's dates: the same certificate renders to the same bytes.
  const doc = await createPdf({
    title: `Certificate of authenticity ${content.number}`,
    author: content.artistName,
    subject: content.title,
    creator: content.siteTitle,
    date: issuedAt,
  });
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const safe = fontSafe(serif, "space");

  const page: PDFPage = doc.addPage(A4);
  const [pageWidth, pageHeight] = A4;
  const centre = pageWidth / 2;

  // A double rule around the page, the way printed certificates are framed.
  for (const [inset, thickness] of [
    [28, 0.8],
    [33, 0.4],
  ] as const) {
    page.drawRectangle({
      x: inset,
      y: inset,
      width: pageWidth - 2 * inset,
      height: pageHeight - 2 * inset,
      borderColor: LINE,
      borderWidth: thickness,
    });
  }

  const widthOf = (text: string, size: number, font: PDFFont, tracking = 0) =>
    font.widthOfTextAtSize(text, size) + tracking * Math.max(0, text.length - 1);
  /** Text centred on x; tracking spaces the letters (pdf-lib has no letter-spacing of its own). */
  const centred = (text: string, y: number, size: number, font: PDFFont, color = INK, tracking = 0, x = centre) => {
    const value = safe(text);
    let left = x - widthOf(value, size, font, tracking) / 2;
    if (!tracking) {
      page.drawText(value, { x: left, y, size, font, color });
      return;
    }
    for (const char of value) {
      page.drawText(char, { x: left, y, size, font, color });
      left += font.widthOfTextAtSize(char, size) + tracking;
    }
  };
  const wrap = (text: string, maxWidth: number, size: number, font: PDFFont) => {
    const lines: string[] = [];
    let line = "";
    for (const word of safe(text).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };
  const embed = (image: { bytes: Uint8Array; format: "jpeg" | "png" }): Promise<PDFImage> =>
    image.format === "jpeg" ? doc.embedJpg(image.bytes) : doc.embedPng(image.bytes);

  let y = pageHeight - MARGIN - 8;
  if (content.revokedOn) {
    centred(
      `REVOKED ON ${content.revokedOn.toUpperCase()}: THIS CERTIFICATE IS NO LONGER VALID`,
      y + 22,
      9,
      sans,
      REVOKED,
      0.6,
    );
  }
  centred("CERTIFICATE OF AUTHENTICITY", y, 10, sans, MUTED, 2.2);
  y -= 16;
  centred(content.number, y, 9, sans, MUTED, 0.8);
  y -= 26;

  // The work's picture, fitted in a box that leaves room for the text below.
  if (content.image) {
    try {
      const image = await embed(content.image);
      const box = { width: pageWidth - 2 * MARGIN - 60, height: 260 };
      const scale = Math.min(box.width / image.width, box.height / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      page.drawImage(image, { x: centre - width / 2, y: y - height, width, height });
      y -= height + 34;
    } catch {
      // A picture pdf-lib cannot read leaves the certificate without it rather than without a certificate.
      y -= 10;
    }
  } else y -= 10;

  for (const line of wrap(content.title, pageWidth - 2 * MARGIN, 24, italic)) {
    centred(line, y, 24, italic);
    y -= 28;
  }
  centred(`by ${content.artistName}`, y + 2, 13, serif, MUTED);
  y -= 34;

  // The particulars: labels right of the centre line's gutter, values left of it.
  const rows = certificateParticulars(content);
  const gutter = 10;
  const labelRight = centre - 40;
  for (const [label, value] of rows) {
    const upper = label.toUpperCase();
    page.drawText(upper, {
      x: labelRight - widthOf(upper, 7.5, sans, 0) - gutter,
      y: y + 1,
      size: 7.5,
      font: sans,
      color: MUTED,
    });
    const lines = wrap(value, pageWidth - MARGIN - (labelRight + gutter), 12, serif);
    for (const [i, part] of lines.entries()) {
      page.drawText(part, { x: labelRight + gutter, y: y - i * 15, size: 12, font: serif, color: INK });
    }
    y -= 15 * lines.length + 5;
  }
  y -= 14;

  const statement =
    `I certify that the work described above is an original work of art made by my own hand, and that this ` +
    `certificate, numbered ${content.number}, is genuine. Its standing can be confirmed at any time with the code ` +
    `below.`;
  for (const line of wrap(statement, 380, 10.5, italic)) {
    centred(line, y, 10.5, italic, INK);
    y -= 15;
  }

  // Signature on the left, the QR code on the right, on the same baseline near the foot of the page.
  const foot = MARGIN + 6;
  const ruleWidth = 190;
  const ruleY = foot + 34;
  if (content.signature) {
    try {
      const signature = await embed(content.signature);
      const scale = Math.min(170 / signature.width, 58 / signature.height);
      page.drawImage(signature, {
        x: MARGIN + 4,
        y: ruleY + 4,
        width: signature.width * scale,
        height: signature.height * scale,
      });
    } catch {
      // No signature image is better than no certificate.
    }
  }
  page.drawLine({
    start: { x: MARGIN, y: ruleY },
    end: { x: MARGIN + ruleWidth, y: ruleY },
    thickness: 0.6,
    color: INK,
  });
  page.drawText(safe(content.artistName), { x: MARGIN, y: ruleY - 15, size: 11, font: serif, color: INK });
  page.drawText(safe(`Artist · ${content.issuedOn}`), { x: MARGIN, y: ruleY - 28, size: 8, font: sans, color: MUTED });

  const qrSize = 86;
  const qrPng = await QRCode.toBuffer(content.verifyUrl, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    scale: 6,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
  const qr = await doc.embedPng(qrPng);
  const qrX = pageWidth - MARGIN - qrSize;
  const qrY = ruleY - 28;
  page.drawImage(qr, { x: qrX, y: qrY, width: qrSize, height: qrSize });
  const captionRight = qrX - 10;
  const caption = (text: string, yy: number, size: number, font: PDFFont, color = MUTED) =>
    page.drawText(safe(text), { x: captionRight - font.widthOfTextAtSize(safe(text), size), y: yy, size, font, color });
  caption("VERIFY THIS CERTIFICATE", qrY + qrSize - 12, 7, sans);
  const shortUrl = content.verifyUrl.replace(/^https?:\/\//, "");
  const [base, code] = [
    shortUrl.slice(0, shortUrl.lastIndexOf("/") + 1),
    shortUrl.slice(shortUrl.lastIndexOf("/") + 1),
  ];
  caption(base, qrY + qrSize - 26, 8, serif, INK);
  caption(code, qrY + qrSize - 37, 8, serif, INK);
  return doc.save();
}
