import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { invoicePdf } from "./invoice-pdf.server";
import type { InvoiceWithLines } from "./invoices.server";

const invoice = (overrides: Partial<InvoiceWithLines> = {}): InvoiceWithLines => ({
  id: "00000000-0000-7000-8000-000000000001",
  number: "INV-2026-0007",
  year: 2026,
  sequence: 7,
  kind: "commission",
  orderId: null,
  commissionId: null,
  commissionStage: "deposit",
  status: "draft",
  issueDate: "2026-11-21",
  dueDate: "2026-12-05",
  buyerName: "Ada Collector",
  buyerEmail: "ada@example.com",
  buyerAddress: "1 Esplanade Ave\nNew Orleans, LA 70116\nUS",
  currency: "USD",
  subtotalCents: 150_000,
  shippingCents: 0,
  taxCents: 14_175,
  taxLabel: "Sales tax",
  totalCents: 164_175,
  notes: "Please quote the invoice number with your transfer.",
  sentAt: null,
  paidAt: null,
  voidedAt: null,
  refundedAt: null,
  createdAt: new Date("2026-11-21T10:00:00Z"),
  updatedAt: new Date("2026-11-21T10:00:00Z"),
  lines: [
    {
      id: "00000000-0000-7000-8000-000000000002",
      invoiceId: "00000000-0000-7000-8000-000000000001",
      position: 0,
      description: "Deposit — “Bayou Light”, oil on canvas, 30 × 40 in",
      quantity: 1,
      unitPriceCents: 150_000,
    },
  ],
  ...overrides,
});

const studio = { artistName: "Mara Ellison", contactEmail: "studio@example.com", locationLine: "New Orleans, LA" };

describe("invoice PDF", () => {
  it("is a PDF with the invoice's title, the same bytes for the same invoice", async () => {
    const bytes = await invoicePdf(invoice(), studio);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Invoice INV-2026-0007");
    expect(doc.getPageCount()).toBe(1);
    expect(Buffer.from(await invoicePdf(invoice(), studio)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("survives text the standard fonts cannot draw, and runs onto more pages when long", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      ...invoice().lines[0]!,
      id: `line-${i}`,
      position: i,
      description: `Étude ${i} 東京 🎨 — a longer description that has to wrap across the width of the column`,
    }));
    const bytes = await invoicePdf(invoice({ buyerName: "Zoë Łukasiewicz 山田", lines }), studio);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  });
});
