// Certificates of authenticity end to end, on a server of its own with a real SMTP peer: a buyer orders a work,
// the artist marks the bank transfer paid, and the paid e-mail arrives with the certificate PDF attached. The
// QR code inside that PDF is decoded (jsqr) and opened: the verify page confirms the work and the number and
// shows nothing of the buyer. The buyer downloads the certificate from the tracking page; the artist revokes
// it with a reason, and the verify page then says it was revoked (the buyer's link stops working).
import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "@playwright/test";
import { PDFDocument, PDFName, PDFRawStream, type PDFNumber } from "pdf-lib";
import sharp from "sharp";
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { signInAdmin } from "../support/admin-fixtures";
import { expect, test } from "../support/fixtures";
import { specServer } from "../support/app-server";
import { seriousViolations } from "../support/axe";
import { qrCodesInPdf } from "../support/pdf-qr";
import { buyFromShop, track } from "../support/shop-flow";
import { decodeMime, mimeAttachment } from "../support/smtp-peer";

const BUYER = { name: "Iris Delacroix", email: "iris.certificate@example.com" };

const server = specServer({ ...ADMIN_SERVER_ENV }, { data: "demo" }, { logs: /mail|certificat|"level":[45]0|job/i });

/** Presses a "Download certificate <number>" link and reads the PDF it saves, named after the certificate. */
async function downloadCertificate(link: Locator, number: string): Promise<Buffer> {
  const downloading = link.page().waitForEvent("download");
  await link.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`Certificate-${number}.pdf`);
  return readFileSync(await file.path());
}

async function anonymousPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("a paid order's e-mail carries the certificate; its QR code verifies it; revoking shows on the verify page", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const url = (path: string) => `${server.url}${path}`;
  const title = "Magnolia Static";

  // A buyer orders a work (bank transfer: the artist marks it paid).
  const buyer = await anonymousPage(browser);
  const orderNumber = await buyFromShop(buyer, title, BUYER, server.url);

  // The artist marks the order paid; its certificate is listed on the order page.
  await signInAdmin(page.context().request, server.url);
  await page.goto(url(`/admin/orders?q=${orderNumber}`));
  await page.getByRole("link", { name: orderNumber }).click();
  await page.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByText(`Order ${orderNumber} is marked paid.`)).toBeVisible();
  const panel = page.getByRole("region", { name: "Certificates of authenticity" });
  const download = panel.getByRole("link", { name: /^Download certificate COA-\d{4}-0001$/ });
  await expect(download).toBeVisible();
  const number = /COA-\d{4}-0001/.exec((await download.textContent()) ?? "")![0];
  await expect(panel.getByText("Valid")).toBeVisible();

  // The paid e-mail arrives with the certificate attached.
  const mail = await server.smtp.waitFor(
    (m) => m.to.includes(BUYER.email) && decodeMime(m.raw).includes("Payment received"),
    90_000,
  );
  expect(decodeMime(mail.raw)).toContain(`Your certificate of authenticity (${number}) is attached.`);
  const pdf = mimeAttachment(mail.raw, /^Certificate-COA-\d{4}-0001\.pdf$/);
  expect(pdf).toMatchObject({ name: `Certificate-${number}.pdf`, contentType: "application/pdf" });
  expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");

  // Its QR code, read from the image inside the PDF, leads to the verify page.
  const codes = await qrCodesInPdf(pdf.bytes);
  expect(codes).toHaveLength(1);
  const verifyUrl = codes[0]!;
  expect(verifyUrl).toMatch(new RegExp(`^${server.url}/verify/[a-z2-7]{24}$`));

  // Anyone who scans it sees the work, the number and that it is authentic; nothing of the buyer.
  const visitor = await anonymousPage(browser);
  const response = await visitor.goto(verifyUrl);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByTestId("certificate-verdict")).toHaveText(`Authentic: certificate ${number} is valid.`);
  await expect(visitor.getByText("Sold, in a private collection")).toBeVisible();
  await expect(visitor.getByRole("img", { name: new RegExp(`^${title}`) })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const shown = await visitor.locator("body").innerText();
  for (const secret of [BUYER.name, BUYER.email, "Royal Street"]) expect(shown).not.toContain(secret);
  // The order number as a word (COA-2026-0001 ends like the order A-2026-0001 by chance).
  expect(shown).not.toMatch(new RegExp(`\\b${orderNumber}\\b`));
  expect(await seriousViolations(visitor)).toEqual([]);
  const artworkHref = await visitor.getByRole("link", { name: "See the work in the gallery" }).getAttribute("href");
  const artworkId = /\/artwork\/([0-9a-f-]{36})$/.exec(artworkHref ?? "")![1]!;
  await visitor.screenshot({ path: test.info().outputPath("verify-1280.png"), fullPage: true });
  await visitor.setViewportSize({ width: 375, height: 812 });
  await visitor.screenshot({ path: test.info().outputPath("verify-375.png"), fullPage: true });

  // The buyer downloads the certificate from the tracking page.
  await track(buyer, orderNumber, BUYER.email, server.url);
  const link = buyer.getByRole("link", { name: `Download certificate ${number}` });
  const downloaded = await downloadCertificate(link, number);
  expect(await qrCodesInPdf(downloaded)).toEqual([verifyUrl]);
  const buyerLink = url((await link.getAttribute("href"))!);

  // The admin controls, at desktop and phone widths.
  await page.screenshot({ path: test.info().outputPath("admin-order-1280.png"), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The artist revokes it, with a reason, after confirming.
  await panel.getByRole("button", { name: `Revoke ${number}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Revoke ${number}?` });
  await dialog.getByRole("button", { name: "Revoke certificate" }).click();
  await expect(dialog.getByText(/Say why the certificate is revoked/)).toBeVisible();
  await dialog.getByLabel("Reason").fill("Issued in error: the sale was reversed.");
  await dialog.getByRole("button", { name: "Revoke certificate" }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole("status")).toHaveText(`Certificate ${number} revoked.`);
  await expect(panel.getByText("Revoked", { exact: true })).toBeVisible();
  await expect(panel.getByText(/Issued in error: the sale was reversed\./)).toBeVisible();

  // The verify page now says so; the reason stays private; the buyer's link is refused.
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto(verifyUrl);
  await expect(visitor.getByRole("alert")).toContainText(/This certificate was revoked on \w+ \d{1,2}, \d{4}\./);
  await expect(visitor.getByTestId("certificate-verdict")).toHaveCount(0);
  await expect(visitor.getByText("Issued in error")).toHaveCount(0);
  await visitor.screenshot({ path: test.info().outputPath("verify-revoked-1280.png"), fullPage: true });
  expect((await visitor.request.get(buyerLink)).status()).toBe(404);

  // A code nobody was given: a 404 that says so.
  const unknown = await visitor.request.get(url(`/verify/${"a".repeat(24)}`));
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("No certificate has this code");

  // On demand from the artwork page: a second work gets the next number.
  await page.goto(url(`/admin/artworks/${artworkId}/edit`));
  const workPanel = page.getByRole("region", { name: "Certificates of authenticity" });
  await expect(workPanel.getByRole("listitem").filter({ hasText: number })).toContainText("sold in an order");
  await workPanel.getByRole("button", { name: "Issue certificate" }).click();
  await expect(workPanel.getByRole("status")).toHaveText(/^Certificate COA-\d{4}-0002 issued\.$/);
  await expect(workPanel.getByRole("link", { name: /^Download certificate COA-\d{4}-0002$/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("admin-artwork-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await workPanel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("admin-artwork-375.png"), fullPage: true });
  await page.goto(url(`/admin/orders?q=${orderNumber}`));
  await page.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("region", { name: "Certificates of authenticity" })).toContainText("Revoked");
  await page.screenshot({ path: test.info().outputPath("admin-order-375.png"), fullPage: true });
});

test("a signed-in buyer downloads their certificate from /account", async ({ browser }) => {
  test.setTimeout(240_000);
  const url = (path: string) => `${server.url}${path}`;
  const title = "Salt Ledger";
  const buyerEmail = "noor.account@example.com";

  // The buyer makes an account (confirmed by mail: signed in after) and buys a work with it.
  const buyer = await anonymousPage(browser);
  await buyer.goto(url("/auth?mode=sign-up"));
  await buyer.getByLabel("Full name (optional)").fill("Noor Account");
  await buyer.getByLabel("Email").fill(buyerEmail);
  await buyer.getByLabel("Password").fill("a quiet harbour at dusk");
  await buyer.getByRole("button", { name: "Create account" }).click();
  await expect(buyer.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await buyer.goto(await server.linkFromMail(buyerEmail, /Confirm your e-mail address/));
  await expect(buyer.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
  const orderNumber = await buyFromShop(
    buyer,
    title,
    { name: "Noor Account", email: buyerEmail, street: "12 Chartres Street" },
    server.url,
  );

  // The artist marks it paid: its certificate is issued.
  const artistContext = await browser.newContext();
  await signInAdmin(artistContext.request, server.url);
  const artist = await artistContext.newPage();
  await artist.goto(url(`/admin/orders?q=${orderNumber}`));
  await artist.getByRole("link", { name: orderNumber }).click();
  await artist.getByRole("button", { name: "Mark paid" }).click();
  await expect(artist.getByText(`Order ${orderNumber} is marked paid.`)).toBeVisible();
  const issued = artist
    .getByRole("region", { name: "Certificates of authenticity" })
    .getByRole("link", { name: /^Download certificate COA-\d{4}-\d{4}$/ });
  const number = /COA-\d{4}-\d{4}/.exec((await issued.textContent()) ?? "")![0];

  // /account lists the order with its certificate; the link downloads the PDF.
  await buyer.goto(url("/account"));
  await expect(buyer).toHaveURL(url("/account"));
  const link = buyer.getByRole("link", { name: `Download certificate ${number}` });
  await expect(link).toBeVisible();
  const bytes = await downloadCertificate(link, number);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const [verifyUrl] = await qrCodesInPdf(bytes);
  expect(verifyUrl).toMatch(new RegExp(`^${server.url}/verify/[a-z2-7]{24}$`));
  // The link is a signed key of its own: fetched again, it answers with the PDF.
  const response = await buyer.request.get(url((await link.getAttribute("href"))!));
  expect(response.headers()["content-type"]).toContain("application/pdf");
  await artistContext.close();
});

/** The sizes of the images a PDF carries (each embedded picture, its alpha mask apart). */
async function imagesInPdf(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  const doc = await PDFDocument.load(bytes);
  const images: { width: number; height: number }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const size = (name: string) => (object.dict.get(PDFName.of(name)) as PDFNumber).asNumber();
    images.push({ width: size("Width"), height: size("Height") });
  }
  return images;
}

test("the artist uploads a signature in Settings and the next certificate carries it", async ({ browser }) => {
  test.setTimeout(240_000);
  const url = (path: string) => `${server.url}${path}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAdmin(context.request, server.url);
  const artist = await context.newPage();

  /** Issues a certificate on demand from the work's edit page and fetches its PDF as the admin. */
  async function issueFor(title: string): Promise<Uint8Array> {
    await artist.goto(url(`/gallery?q=${encodeURIComponent(title)}`));
    const href = await artist
      .getByRole("link", { name: new RegExp(title) })
      .first()
      .getAttribute("href");
    const id = /\/artwork\/([0-9a-f-]{36})$/.exec(href ?? "")![1]!;
    await artist.goto(url(`/admin/artworks/${id}/edit`));
    const panel = artist.getByRole("region", { name: "Certificates of authenticity" });
    await panel.getByRole("button", { name: "Issue certificate" }).click();
    const issued = await panel.getByRole("status").textContent();
    const number = /COA-\d{4}-\d{4}/.exec(issued ?? "")![0];
    const pdf = await panel.getByRole("link", { name: `Download certificate ${number}` }).getAttribute("href");
    const response = await context.request.get(url(pdf!));
    expect(response.headers()["content-type"]).toContain("application/pdf");
    return response.body();
  }

  // Before: a certificate without a signature image.
  const before = await imagesInPdf(await issueFor("Tidewater Hymn"));

  // The artist uploads a signature (an unusual 311 × 97 so it can be found in the PDF) and saves.
  const signature = await sharp({
    create: { width: 311, height: 97, channels: 4, background: { r: 20, g: 24, b: 60, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await artist.goto(url("/admin/settings"));
  const section = artist.getByRole("region", { name: "Certificates", exact: true });
  const field = section.getByRole("group", { name: "Signature" });
  await expect(field).toContainText("No image chosen");
  await field.getByRole("button", { name: "Choose image" }).click();
  const dialog = artist.getByRole("dialog", { name: "Signature" });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: signature });
  await expect(dialog).toBeHidden();
  await expect(field.getByRole("img", { name: "Chosen: signature.png" })).toBeVisible();
  await artist.getByRole("button", { name: "Save settings" }).click();
  await expect(artist.getByText("Settings saved.")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await artist.screenshot({ path: test.info().outputPath("settings-signature-1280.png") });

  // The settings page shows it after a reload.
  await artist.reload();
  await expect(
    artist.getByRole("region", { name: "Certificates", exact: true }).getByRole("group", { name: "Signature" }),
  ).not.toContainText("No image chosen");

  // A certificate issued now carries one more picture: the signature, at its proportions.
  const after = await imagesInPdf(await issueFor("Red Shift Nocturne"));
  expect(after.length).toBeGreaterThan(before.length);
  const ratio = 311 / 97;
  expect(after.some((i) => Math.abs(i.width / i.height - ratio) < 0.05)).toBe(true);
  expect(before.some((i) => Math.abs(i.width / i.height - ratio) < 0.05)).toBe(false);
  await context.close();
});
