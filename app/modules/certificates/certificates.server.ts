// Certificates of authenticity: one for every piece an order sells (issued when the order is paid, attached to
// its paid e-mail) and one on demand for any work. Numbers are COA-{year}-{sequence}, allocated gap-free in the
// issuing transaction; each certificate has an unguessable verify code for its public page. Revoking keeps the
// number. Owns: certificates, certificate_number_counters. Exposes: issue (order, on demand), revoke, lists for
// the admin pages, the public verify view (never the buyer), the PDF, buyers' signed download links, and the
// pictures certificates keep (for the storage sweeper).
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { db, nextInYear, type Database } from "~/db/client.server";
import { artworks, certificates, mediaAssets, orders, type MailAttachment } from "~/db/schema";
import { dayIn, formatDate } from "~/lib/dates";
import type { ImageAsset } from "~/lib/media";
import { paths } from "~/lib/paths";
import {
  findImagesByReference,
  imageColumns,
  printableImage,
  toImageAsset,
  withImage,
} from "~/modules/media/media.server";
import { readSignedId, signedId } from "~/modules/security/signed-ids.server";
import { getSettings, type Settings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import { isSold, SOLD_STATUSES } from "~/modules/shop/order-status";
import { catalogChanged } from "~/modules/catalog/catalog-cache.server";
import {
  certificateNumber,
  editionLine,
  isVerifyCode,
  publicStatus,
  verifyCodeFrom,
  type CertificateLink,
} from "./certificate-rules";
import { DomainError } from "~/lib/domain-error";

export type Certificate = typeof certificates.$inferSelect;

export class CertificateError extends DomainError<"not-found" | "not-paid" | "already-revoked"> {}

/**
 * Of these image hashes, those a certificate was issued with (revoked ones too): the storage sweeper keeps their
 * files, whatever became of the image's row.
 */
export async function certifiedImageHashes(hashes: string[], tx: Database = db()): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ hash: certificates.imageHash })
    .from(certificates)
    .where(inArray(certificates.imageHash, hashes));
  return new Set(rows.flatMap((r) => (r.hash ? [r.hash] : [])));
}

/** What issuing needs of an order: the shop passes its own row (this module reads of orders only their status). */
export interface OrderForCertificates {
  id: string;
  status: string;
  items: { artworkId: string | null; quantity: number }[];
}

/** The next number of the year (its counter row locked until the caller's transaction ends). */
async function allocateNumber(tx: Database, year: number): Promise<{ sequence: number; number: string }> {
  const sequence = await nextInYear(tx, "certificate_number_counters", year);
  return { sequence, number: certificateNumber(year, sequence) };
}

export const newVerifyCode = () => verifyCodeFrom(randomBytes(15));

interface WorkRow {
  id: string;
  title: string;
  medium: string;
  size: string;
  year: number | null;
  quantity: number;
  imageHash: string | null;
}

/** The works as they are now, locked so two issuers of one work take turns (and see each other's rows). */
async function lockWorks(tx: Database, ids: string[]): Promise<Map<string, WorkRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: artworks.id,
      title: artworks.title,
      medium: artworks.medium,
      size: artworks.size,
      year: artworks.year,
      quantity: artworks.quantity,
      imageHash: mediaAssets.hash,
    })
    .from(artworks)
    .leftJoin(mediaAssets, eq(mediaAssets.id, artworks.mainImageId))
    .where(inArray(artworks.id, ids))
    .orderBy(artworks.id)
    .for("update", { of: artworks });
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Live certificates of a work issued for orders still sold: its pieces known to be sold. A refunded order's
 * certificate stays live until the artist revokes it (decision 0019), but its piece came back to stock: counted
 * as well, a unique original resold after a refund would read "Edition, piece no. 2".
 */
async function soldPieces(tx: Database, artworkId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(certificates)
    .innerJoin(orders, eq(orders.id, certificates.orderId))
    .where(
      and(
        eq(certificates.artworkId, artworkId),
        isNull(certificates.revokedAt),
        inArray(orders.status, [...SOLD_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

async function insertCertificate(
  tx: Database,
  work: WorkRow,
  values: { orderId: string | null; piece: number; edition: string; year: number },
): Promise<Certificate> {
  const { sequence, number } = await allocateNumber(tx, values.year);
  const [row] = await tx
    .insert(certificates)
    .values({
      number,
      year: values.year,
      sequence,
      code: newVerifyCode(),
      artworkId: work.id,
      orderId: values.orderId,
      piece: values.piece,
      title: work.title,
      yearMade: work.year,
      medium: work.medium,
      size: work.size,
      edition: values.edition,
      imageHash: work.imageHash,
    })
    .returning();
  return row!;
}

/** The year of issue: the studio's calendar, like invoices. */
const issueYear = (settings: Settings) => Number(dayIn(new Date(), settings.shop.timeZone).slice(0, 4));

/**
 * Issues the missing certificates of a paid order, inside the caller's transaction (the one that marks it
 * paid): one per piece of each work. Idempotent: a piece that has a live certificate keeps it, so calling it
 * twice (a replayed webhook, the admin's button) issues nothing new. Returns the order's live certificates.
 */
export async function issueForPaidOrder(
  tx: Database,
  order: OrderForCertificates,
  settings: Settings,
): Promise<{ certificates: Certificate[]; issued: number }> {
  if (!isSold(order.status)) throw new CertificateError("not-paid", "Certificates are issued once the order is paid.");
  const works = await lockWorks(tx, [
    ...new Set(order.items.map((i) => i.artworkId).filter((id): id is string => id !== null)),
  ]);
  const live = await tx
    .select()
    .from(certificates)
    .where(and(eq(certificates.orderId, order.id), isNull(certificates.revokedAt)));
  const has = new Set(live.map((c) => `${c.artworkId}:${c.piece}`));
  const year = issueYear(settings);
  let issued = 0;
  for (const item of order.items) {
    const work = item.artworkId ? works.get(item.artworkId) : undefined;
    if (!work) continue;
    for (let piece = 1; piece <= item.quantity; piece++) {
      if (has.has(`${work.id}:${piece}`)) continue;
      const sold = await soldPieces(tx, work.id);
      const totalPieces = sold + 1 + work.quantity;
      const edition = editionLine({ piece: totalPieces > 1 ? sold + 1 : undefined, totalPieces });
      live.push(await insertCertificate(tx, work, { orderId: order.id, piece, edition, year }));
      has.add(`${work.id}:${piece}`);
      issued++;
    }
  }
  return { certificates: live, issued };
}

/** The admin's "Issue certificates" on an order page: the missing ones of a paid order, in a transaction. */
export async function issueForOrder(
  order: OrderForCertificates,
): Promise<{ certificates: Certificate[]; issued: number }> {
  const settings = await getSettings();
  const result = await db().transaction((tx) => issueForPaidOrder(tx, order, settings));
  // The works' provenance lists their certificates (decision 0024).
  if (result.issued > 0)
    await catalogChanged([...new Set(order.items.map((i) => i.artworkId).filter((id): id is string => id !== null))]);
  return result;
}

/**
 * A certificate on demand for any work (unsold, kept by the artist, sold before the shop existed). A work has
 * one live certificate on demand: when it has one, that one is returned (created: false).
 */
export async function issueForArtwork(artworkId: string): Promise<{ certificate: Certificate; created: boolean }> {
  const settings = await getSettings();
  const result = await db().transaction(async (tx) => {
    const work = (await lockWorks(tx, [artworkId])).get(artworkId);
    if (!work) throw new CertificateError("not-found", "That work does not exist.");
    const [existing] = await tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.artworkId, artworkId), isNull(certificates.orderId), isNull(certificates.revokedAt)))
      .limit(1);
    if (existing) return { certificate: existing, created: false };
    const totalPieces = (await soldPieces(tx, artworkId)) + Math.max(1, work.quantity);
    const certificate = await insertCertificate(tx, work, {
      orderId: null,
      piece: 1,
      edition: editionLine({ totalPieces }),
      year: issueYear(settings),
    });
    return { certificate, created: true };
  });
  // A work's page may show its provenance, certificates included (decision 0024).
  if (result.created) await catalogChanged([artworkId]);
  return result;
}

/** Revokes a certificate with the artist's reason; its number stays taken and its page says it was revoked. */
export async function revokeCertificate(id: string, reason: string): Promise<Certificate> {
  const revoked = await db().transaction(async (tx) => {
    const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for("update").limit(1);
    if (!row) throw new CertificateError("not-found", "That certificate does not exist.");
    if (row.revokedAt) throw new CertificateError("already-revoked", `${row.number} is already revoked.`);
    const [revoked] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: reason.trim() })
      .where(eq(certificates.id, id))
      .returning();
    return revoked!;
  });
  if (revoked.artworkId) await catalogChanged([revoked.artworkId]);
  return revoked;
}

export async function getCertificate(id: string): Promise<Certificate | undefined> {
  const [row] = await db().select().from(certificates).where(eq(certificates.id, id)).limit(1);
  return row;
}

/** A work's certificates, newest first (the artwork page). */
export async function certificatesForArtwork(artworkId: string): Promise<Certificate[]> {
  return db()
    .select()
    .from(certificates)
    .where(eq(certificates.artworkId, artworkId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(200);
}

/** An order's certificates, live and revoked (the order page). */
export async function certificatesForOrder(orderId: string): Promise<Certificate[]> {
  return db()
    .select()
    .from(certificates)
    .where(eq(certificates.orderId, orderId))
    .orderBy(certificates.number)
    .limit(200);
}

/** What the admin pages show of a certificate. */
export function adminCertificateView(c: Certificate, timeZone: string) {
  return {
    id: c.id,
    number: c.number,
    title: c.title,
    piece: c.piece,
    fromOrder: c.orderId !== null,
    issuedOn: formatDate(c.issuedAt, timeZone),
    revokedOn: c.revokedAt ? formatDate(c.revokedAt, timeZone) : null,
    revokedReason: c.revokedReason,
    verifyPath: paths.verify(c.code),
  };
}
export type AdminCertificateView = ReturnType<typeof adminCertificateView>;

/** The public page's view: the work, the certificate and the work's standing now. Nothing about the buyer. */
export interface VerifiedCertificate {
  number: string;
  issuedOn: string;
  revokedOn: string | null;
  title: string;
  year: number | null;
  medium: string;
  size: string;
  edition: string;
  image: ImageAsset | null;
  status: string;
  /** The work's public page, when it is still shown on the site. */
  artworkId: string | null;
  artistName: string;
}

export async function verifyCertificate(code: string): Promise<VerifiedCertificate | undefined> {
  if (!isVerifyCode(code)) return undefined;
  const [row] = await db()
    .select({
      certificate: certificates,
      availability: artworks.availability,
      archivedAt: artworks.archivedAt,
      ...imageColumns,
    })
    .from(certificates)
    .leftJoin(artworks, eq(artworks.id, certificates.artworkId))
    .leftJoin(mediaAssets, eq(mediaAssets.hash, certificates.imageHash))
    .where(eq(certificates.code, code))
    .limit(1);
  if (!row) return undefined;
  const settings = await getSettings();
  const { certificate: c, image } = withImage(row);
  const tz = settings.shop.timeZone;
  const work =
    c.artworkId && row.availability ? { availability: row.availability, archived: row.archivedAt !== null } : undefined;
  return {
    number: c.number,
    issuedOn: formatDate(c.issuedAt, tz),
    revokedOn: c.revokedAt ? formatDate(c.revokedAt, tz) : null,
    title: c.title,
    year: c.yearMade,
    medium: c.medium,
    size: c.size,
    edition: c.edition,
    image,
    status: publicStatus(work),
    artworkId: work && !work.archived ? c.artworkId : null,
    artistName: settings.artistName,
  };
}

export function certificateFileName(c: Pick<Certificate, "number">): string {
  return `Certificate-${c.number}.pdf`;
}

/**
 * The certificate as a PDF (its picture and the signature from Settings). Never inside a transaction: its pictures
 * are decoded, which may wait for room in the decode budget (the paid e-mail's copy is drawn on delivery).
 */
export async function renderCertificatePdf(c: Certificate): Promise<Uint8Array> {
  const settings = await getSettings();
  const picture = async (hash: string | null | undefined, maxSide: number, format: "jpeg" | "png") => {
    if (!hash) return undefined;
    try {
      const bytes = await printableImage(hash, { maxSide, format });
      return bytes ? { bytes, format } : undefined;
    } catch (error) {
      // A missing or unreadable picture must not stop a payment's mail: the certificate goes without it.
      services().logger.warn({ err: error, certificate: c.number }, "certificate picture unavailable");
      return undefined;
    }
  };
  const tz = settings.shop.timeZone;
  // The PDF renderer (pdf-lib, qrcode) loads with the first certificate drawn, not with the server.
  const { certificatePdf } = await import("./certificate-pdf.server");
  return certificatePdf(
    {
      number: c.number,
      title: c.title,
      year: c.yearMade,
      medium: c.medium,
      size: c.size,
      edition: c.edition,
      issuedOn: formatDate(c.issuedAt, tz),
      revokedOn: c.revokedAt ? formatDate(c.revokedAt, tz) : null,
      verifyUrl: `${services().config.publicUrl}${paths.verify(c.code)}`,
      artistName: settings.artistName,
      siteTitle: settings.siteTitle,
      image: await picture(c.imageHash, 1400, "jpeg"),
      signature: await picture(settings.signatureImage, 900, "png"),
    },
    c.issuedAt,
  );
}

/** The certificates as the paid e-mail's attachments: each is drawn when the message is delivered. */
export function certificateAttachments(list: Certificate[]): MailAttachment[] {
  return list.map((c) => ({
    filename: certificateFileName(c),
    contentType: "application/pdf",
    draw: { kind: "certificate", id: c.id },
  }));
}

/** A certificate's PDF by its id, for the mail delivery that attaches it (server/jobs.ts). */
export async function drawCertificate(id: string): Promise<Uint8Array> {
  const certificate = await getCertificate(id);
  if (!certificate) throw new Error(`There is no certificate ${id}.`);
  return renderCertificatePdf(certificate);
}

/** A signature must be a small still image: it is drawn on every certificate and attached to paid e-mails. */
export const SIGNATURE_MAX_BYTES = 5 * 1024 * 1024;
const SIGNATURE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

/** Why a stored image cannot be the signature (undefined when it can): type and size, checked on the server. */
export async function signatureImageProblem(hash: string): Promise<string | undefined> {
  const asset = (await findImagesByReference([hash])).get(hash.toLowerCase());
  if (!asset) return "That image is not in the media library. Upload it again.";
  if (!SIGNATURE_TYPES.has(asset.mime)) return "Use a PNG (best, with a transparent background), JPEG or WebP image.";
  if (asset.bytes > SIGNATURE_MAX_BYTES)
    return `The signature image is larger than ${SIGNATURE_MAX_BYTES / 1024 / 1024} MB. Use a smaller file.`;
  return undefined;
}

/** The signature as the settings page's picker shows it. */
export async function signaturePreview(hash: string | undefined) {
  if (!hash) return null;
  const asset = (await findImagesByReference([hash])).get(hash.toLowerCase());
  return asset ? { id: asset.id, originalName: asset.originalName, ...toImageAsset(asset) } : null;
}

const DOWNLOAD_PURPOSE = "certificate-download";

/**
 * Download links for a buyer's live certificates, by order. Only pages that have shown the buyer the order
 * (tracking with number and e-mail, the account of the order's e-mail) call this; the link is signed, so it
 * cannot be made for another order's certificate.
 */
export async function buyerCertificateLinks(orderIds: string[]): Promise<Map<string, CertificateLink[]>> {
  const links = new Map<string, CertificateLink[]>();
  if (orderIds.length === 0) return links;
  const rows = await db()
    .select()
    .from(certificates)
    .where(and(inArray(certificates.orderId, orderIds.slice(0, 100)), isNull(certificates.revokedAt)))
    .orderBy(certificates.number);
  for (const c of rows) {
    const list = links.get(c.orderId!) ?? [];
    list.push({ number: c.number, title: c.title, href: paths.certificateDownload(signedId(DOWNLOAD_PURPOSE, c.id)) });
    links.set(c.orderId!, list);
  }
  return links;
}

/** The live certificate a buyer's download link names; undefined for a forged link or a revoked certificate. */
export async function certificateForDownload(token: string): Promise<Certificate | undefined> {
  const id = readSignedId(DOWNLOAD_PURPOSE, token);
  if (!id) return undefined;
  const c = await getCertificate(id);
  return c && c.orderId && !c.revokedAt ? c : undefined;
}
