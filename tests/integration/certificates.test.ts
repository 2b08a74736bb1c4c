// Certificates of authenticity: paying an order issues one per piece, attached to the paid e-mail, and issuing
// again changes nothing; numbers are per year and gap-free even when issued at once; revoking keeps the number
// and the verify page says so; the verify view and the PDF carry nothing about the buyer; buyers' download
// links are signed and refused once revoked. The PDF's QR code decodes to the certificate's verify URL.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { certificates, mailOutbox } from "~/db/schema";
import { replaceArtworkImage } from "~/modules/catalog/admin-catalog.server";
import {
  buyerCertificateLinks,
  certificateForDownload,
  certificatesForOrder,
  CertificateError,
  issueForArtwork,
  issueForOrder,
  renderCertificatePdf,
  revokeCertificate,
  signatureImageProblem,
  verifyCertificate,
} from "~/modules/certificates/certificates.server";
import { parseCertificateNumber } from "~/modules/certificates/certificate-rules";
import { decodeBudgetState, MAX_WHOLE_DECODE_BYTES, withinDecodeBudget } from "~/modules/media/decode-budget.server";
import { ingestImage } from "~/modules/media/media.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { getSettings, saveSettings } from "~/modules/settings/settings.server";
import { markOrderPaid, refundOrder } from "~/modules/shop/order-actions.server";
import { getOrder } from "~/modules/shop/orders.server";
import { services } from "~/services.server";
import { BACKENDS, useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";
import { qrCodesInPdf } from "../support/pdf-qr";
import { decodeMime, mimeAttachment, startSmtpPeer, type SmtpPeer } from "../support/smtp-peer";
import { BUYER, placedOrderOf, seedShopSettings, seedWork } from "../support/shop-data";

const ADMIN = { kind: "admin" as const, id: "admin-1", email: "artist@example.com" };

async function paidOrder(artworkId: string, quantity = 1) {
  const placed = await placedOrderOf(artworkId, { items: [{ artworkId, quantity }] });
  await markOrderPaid(placed.id, ADMIN);
  return (await getOrder(placed.id))!;
}

describe.each(BACKENDS)("certificates on %s", (backend) => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());
  const ctx = useTestServices(backend, () => ({ SMTP_URL: smtp.url }));
  beforeAll(async () => {
    await seedShopSettings();
    const signature = await ingestImage(
      await sharp({ create: { width: 300, height: 90, channels: 4, background: { r: 20, g: 20, b: 40, alpha: 0.9 } } })
        .png()
        .toBuffer(),
    );
    await saveSettings({ ...(await getSettings()), signatureImage: signature.hash });
  });

  it("issues one certificate per work when the order is paid, attaches it to the paid e-mail, and only once", async () => {
    const work = await seedWork({ title: "Bayou Light" });
    const picture = await ingestImage(await solidPicture(900, 700, "#8a6f4d"));
    await replaceArtworkImage(work, picture);
    const order = await paidOrder(work);

    const issued = await certificatesForOrder(order.id);
    expect(issued).toHaveLength(1);
    const [certificate] = issued;
    expect(certificate).toMatchObject({
      artworkId: work,
      orderId: order.id,
      piece: 1,
      title: "Bayou Light",
      medium: "Oil on canvas",
      edition: "Original, unique work",
      imageHash: picture.hash,
      revokedAt: null,
    });
    expect(parseCertificateNumber(certificate!.number)).toBeDefined();
    expect(certificate!.code).toMatch(/^[a-z2-7]{24}$/);
    // The verify page shows the work's picture as it was when issued.
    expect((await verifyCertificate(certificate!.code))?.image).toMatchObject({ hash: picture.hash, width: 900 });

    // The paid e-mail names the certificate; its PDF is drawn when the message goes out, and arrives attached.
    const [mail] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.template, "order-paid")).limit(1);
    expect(mail!.text).toContain(certificate!.number);
    await runDueJobs();
    const delivered = await smtp.waitFor((m) => m.to.includes(BUYER.email) && decodeMime(m.raw).includes("Payment"));
    const file = `Certificate-${certificate!.number}.pdf`;
    const { contentType, bytes: pdf } = mimeAttachment(delivered.raw, new RegExp(`^${file}$`));
    expect(contentType).toBe("application/pdf");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // The QR code the buyer scans leads to this certificate's verify page.
    expect(await qrCodesInPdf(pdf)).toEqual([`${services().config.publicUrl}/verify/${certificate!.code}`]);

    // Again from the admin: nothing new, the same certificate.
    const again = await issueForOrder(order);
    expect(again.issued).toBe(0);
    expect(again.certificates.map((c) => c.id)).toEqual([certificate!.id]);
    expect(await certificatesForOrder(order.id)).toHaveLength(1);
  });

  it("records a payment at once while the pictures its certificates show wait their turn to be drawn", async () => {
    // An AVIF is decoded whole, so drawing it waits for room in the decode budget, which a long decode (a large
    // upload, say) holds here. The payment's transaction must not wait with it: on PGlite it holds the only
    // connection, and every other request of the shop would wait too.
    const work = await seedWork({ title: "Held Light" });
    await replaceArtworkImage(work, await ingestImage(await solidPicture(640, 480, "#5a6f8d", "avif")));
    let release!: () => void;
    const holding = withinDecodeBudget(MAX_WHOLE_DECODE_BYTES, () => new Promise<void>((r) => (release = r)));
    try {
      let paid = false;
      const paying = paidOrder(work).then((order) => ((paid = true), order));
      await vi.waitFor(() => expect(paid || decodeBudgetState().waiting > 0).toBe(true), { timeout: 30_000 });
      expect(paid, "the payment waited for a picture to be drawn").toBe(true);
      const order = await paying;
      expect(await certificatesForOrder(order.id)).toHaveLength(1);
    } finally {
      release();
      await holding;
    }
  });

  it("numbers pieces of an edition and refuses an unpaid order", async () => {
    const edition = await seedWork({ title: "Levee Print", quantity: 5, priceCents: 40_000 });
    const order = await paidOrder(edition, 2);
    const issued = await certificatesForOrder(order.id);
    expect(issued.map((c) => [c.piece, c.edition])).toEqual([
      [1, "Edition, piece no. 1"],
      [2, "Edition, piece no. 2"],
    ]);
    await expect(issueForOrder({ id: order.id, status: "awaiting_payment", items: [] })).rejects.toBeInstanceOf(
      CertificateError,
    );
  });

  it("calls an original resold after a refund an original on its new buyer's certificate", async () => {
    const work = await seedWork({ title: "Returned Heron" });
    const first = await paidOrder(work);
    await refundOrder(first.id, ADMIN, "Returned within the fortnight.");
    const second = await paidOrder(work);
    expect((await certificatesForOrder(second.id)).map((c) => c.edition)).toEqual(["Original, unique work"]);
    // The refunded buyer's certificate stays live until the artist revokes it (decision 0019).
    expect(await certificatesForOrder(first.id)).toMatchObject([{ edition: "Original, unique work", revokedAt: null }]);
  });

  it("gives gap-free numbers per year, also when many are issued at once", async () => {
    const works = await Promise.all(Array.from({ length: 8 }, (_, i) => seedWork({ title: `Gap study ${i}` })));
    const results = await Promise.all(works.map((id) => issueForArtwork(id)));
    expect(results.every((r) => r.created)).toBe(true);
    const all = await ctx.handle.db.select().from(certificates);
    const byYear = new Map<number, number[]>();
    for (const c of all) byYear.set(c.year, [...(byYear.get(c.year) ?? []), c.sequence]);
    for (const sequences of byYear.values()) {
      expect(sequences.sort((a, b) => a - b)).toEqual(sequences.map((_, i) => i + 1));
    }
    expect(new Set(all.map((c) => c.code)).size).toBe(all.length);
    // On demand is idempotent too: one live certificate per work.
    const again = await issueForArtwork(works[0]!);
    expect(again.created).toBe(false);
    expect(again.certificate.id).toBe(results[0]!.certificate.id);
  });

  it("revokes: the number stays, the verify page says so, the buyer's link stops, a new one can be issued", async () => {
    const work = await seedWork({ title: "Cypress Knees" });
    const order = await paidOrder(work);
    const [certificate] = await certificatesForOrder(order.id);
    const link = (await buyerCertificateLinks([order.id])).get(order.id)![0]!;
    const token = decodeURIComponent(link.href.split("/").pop()!);
    expect((await certificateForDownload(token))?.id).toBe(certificate!.id);
    expect(await certificateForDownload(`${certificate!.id}.${"A".repeat(32)}`)).toBeUndefined();

    const revoked = await revokeCertificate(certificate!.id, "Issued with the wrong dimensions.");
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(revoked.number).toBe(certificate!.number);
    await expect(revokeCertificate(certificate!.id, "again")).rejects.toMatchObject({ code: "already-revoked" });
    const view = await verifyCertificate(certificate!.code);
    expect(view?.revokedOn).toBeTruthy();
    expect(view?.number).toBe(certificate!.number);
    expect(await certificateForDownload(token)).toBeUndefined();

    const reissued = await issueForOrder(order);
    expect(reissued.issued).toBe(1);
    expect(reissued.certificates[0]!.number).not.toBe(certificate!.number);
  });

  it("verifies by code and reveals nothing about the buyer", async () => {
    const work = await seedWork({ title: "Spanish Moss" });
    const order = await paidOrder(work);
    const [certificate] = await certificatesForOrder(order.id);
    const view = await verifyCertificate(certificate!.code);
    expect(view).toMatchObject({
      number: certificate!.number,
      title: "Spanish Moss",
      year: 2025,
      medium: "Oil on canvas",
      status: "Sold, in a private collection",
      revokedOn: null,
      artistName: "Test Artist",
      image: null,
    });
    const shown = JSON.stringify(view);
    for (const secret of [
      BUYER.name,
      BUYER.email,
      BUYER.phone,
      BUYER.addressLine1,
      BUYER.city,
      BUYER.postalCode,
      order.number,
      order.id,
      certificate!.id,
    ]) {
      expect(shown).not.toContain(secret);
    }
    const pdf = Buffer.from(await renderCertificatePdf(certificate!)).toString("latin1");
    for (const secret of [BUYER.name, BUYER.email, BUYER.addressLine1, order.number]) expect(pdf).not.toContain(secret);
    expect(await verifyCertificate("a".repeat(24))).toBeUndefined();
    expect(await verifyCertificate(certificate!.number)).toBeUndefined();
  });

  it("takes a PNG, JPEG or WebP as the signature and refuses other images", async () => {
    const png = await ingestImage(
      await sharp({ create: { width: 40, height: 20, channels: 4, background: "#00000000" } })
        .png()
        .toBuffer(),
    );
    const gif = await ingestImage(await solidPicture(40, 21, "#222222", "gif"));
    expect(await signatureImageProblem(png.hash)).toBeUndefined();
    expect(await signatureImageProblem(gif.hash)).toMatch(/PNG/);
    expect(await signatureImageProblem("0".repeat(24))).toMatch(/not in the media library/);
  });
});
