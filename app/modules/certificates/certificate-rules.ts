// Certificate rules as plain functions: numbers, verify codes, the edition line and the public status wording.
import type { AvailabilityValue } from "~/lib/availability";

/** COA-2026-0001: the year of issue and the year's sequence, four digits at least. */
export function certificateNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Bad certificate year ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`Bad certificate sequence ${sequence}`);
  return `COA-${year}-${String(sequence).padStart(4, "0")}`;
}

const NUMBER_RE = /^COA-(\d{4})-(\d{4,9})$/;

/** A typed certificate number (any case, spaces around) as year and sequence; undefined when it is not one. */
export function parseCertificateNumber(value: string): { year: number; sequence: number } | undefined {
  const match = NUMBER_RE.exec(value.trim().toUpperCase());
  if (!match) return undefined;
  const sequence = Number(match[2]);
  // One spelling per number: COA-2026-00001 is not COA-2026-0001.
  if (sequence < 1 || certificateNumber(Number(match[1]), sequence) !== match[0]) return undefined;
  return { year: Number(match[1]), sequence };
}

/** The alphabet of verify codes: RFC 4648 base32 in lower case (no 0, 1, 8, 9: nothing to misread). */
export const VERIFY_CODE_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
/** 24 characters of 5 bits: 120 random bits. */
export const VERIFY_CODE_LENGTH = 24;
const CODE_RE = new RegExp(`^[a-z2-7]{${VERIFY_CODE_LENGTH}}$`);

/** 15 random bytes as a verify code (the caller supplies the randomness: crypto on the server). */
export function verifyCodeFrom(bytes: Uint8Array): string {
  if (bytes.length !== 15) throw new RangeError("A verify code takes 15 random bytes");
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += VERIFY_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

export function isVerifyCode(value: string | undefined | null): value is string {
  return typeof value === "string" && CODE_RE.test(value);
}

/**
 * The certificate's edition line. The catalogue keeps the pieces still for sale, not an edition's size: a
 * work is an edition when it has or had more than one piece (pieces certified from orders plus stock left).
 * A piece sold in an order has its number; a certificate on demand for an edition names none.
 */
export function editionLine(input: { piece?: number; totalPieces: number }): string {
  if (input.totalPieces <= 1) return "Original, unique work";
  return input.piece ? `Edition, piece no. ${input.piece}` : "Edition (one of several pieces)";
}

/** What a certificate states of the work, as label and value, in order; an empty value is left out. */
export function certificateParticulars(c: {
  year: number | null;
  medium: string;
  size: string;
  edition: string;
  number: string;
  issuedOn: string;
}): [label: string, value: string][] {
  const rows: [string, string][] = [
    ["Year", c.year ? String(c.year) : ""],
    ["Medium", c.medium],
    ["Dimensions", c.size],
    ["Edition", c.edition],
    ["Certificate no.", c.number],
    ["Issued", c.issuedOn],
  ];
  return rows.filter(([, value]) => value);
}

/** What the verify page says of the work now (nothing about who owns it). */
export function publicStatus(work: { availability: AvailabilityValue; archived: boolean } | undefined): string {
  if (!work) return "No longer listed in the catalogue";
  if (work.archived) return "In the artist's records (not shown in the gallery)";
  switch (work.availability) {
    case "available":
      return "Available from the artist";
    case "reserved":
      return "Reserved";
    case "on_hold":
      return "On hold for a buyer";
    case "sold":
      return "Sold, in a private collection";
    case "not_for_sale":
      return "Not for sale";
  }
}

/** A revocation's reason: what the admin types, checked on the server. */
export const REVOKE_REASON_MAX = 500;

/** A buyer's link to download one certificate of an order (signed: see `buyerCertificateLinks`). */
export interface CertificateLink {
  number: string;
  title: string;
  href: string;
}
