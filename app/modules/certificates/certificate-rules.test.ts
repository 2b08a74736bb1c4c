import { describe, expect, it } from "vitest";
import {
  certificateNumber,
  certificateParticulars,
  editionLine,
  isVerifyCode,
  parseCertificateNumber,
  publicStatus,
  verifyCodeFrom,
  VERIFY_CODE_LENGTH,
} from "./certificate-rules";

describe("certificate numbers", () => {
  it.each([
    { year: 2026, sequence: 1, number: "COA-2026-0001" },
    { year: 2026, sequence: 42, number: "COA-2026-0042" },
    { year: 2027, sequence: 12345, number: "COA-2027-12345" },
  ])(
    "numbers certificate $sequence of $year as $number (per year, four digits at least)",
    ({ year, sequence, number }) => {
      expect(certificateNumber(year, sequence)).toBe(number);
    },
  );

  it("refuses a sequence or year that cannot be a number", () => {
    expect(() => certificateNumber(2026, 0)).toThrow(RangeError);
    expect(() => certificateNumber(2026, 1.5)).toThrow(RangeError);
    expect(() => certificateNumber(26, 1)).toThrow(RangeError);
  });

  it("reads a typed number back, in any case, and nothing else", () => {
    expect(parseCertificateNumber("COA-2026-0001")).toEqual({ year: 2026, sequence: 1 });
    expect(parseCertificateNumber("  coa-2027-12345 ")).toEqual({ year: 2027, sequence: 12345 });
    expect(parseCertificateNumber("COA-2026-00001")).toBeUndefined();
    expect(parseCertificateNumber("COA-2026-0000")).toBeUndefined();
    expect(parseCertificateNumber("INV-2026-0001")).toBeUndefined();
    expect(parseCertificateNumber("COA-2026-1")).toBeUndefined();
  });

  it("round-trips every number it makes", () => {
    for (const [year, sequence] of [
      [2026, 1],
      [2026, 9999],
      [2026, 10000],
      [2099, 123456],
    ] as const) {
      expect(parseCertificateNumber(certificateNumber(year, sequence))).toEqual({ year, sequence });
    }
  });
});

describe("verify codes", () => {
  it("spells 120 random bits in 24 lower-case base32 characters", () => {
    const zeros = verifyCodeFrom(new Uint8Array(15));
    expect(zeros).toBe("a".repeat(24));
    const ones = verifyCodeFrom(new Uint8Array(15).fill(255));
    expect(ones).toBe("7".repeat(24));
    const code = verifyCodeFrom(Uint8Array.from({ length: 15 }, (_, i) => i * 17));
    expect(code).toHaveLength(VERIFY_CODE_LENGTH);
    expect(isVerifyCode(code)).toBe(true);
  });

  it("gives different bytes different codes", () => {
    const a = new Uint8Array(15);
    const b = new Uint8Array(15);
    b[14] = 1;
    expect(verifyCodeFrom(a)).not.toBe(verifyCodeFrom(b));
  });

  it("accepts only the exact format", () => {
    expect(isVerifyCode("abcdefghijklmnopqrstuvwx")).toBe(true);
    expect(isVerifyCode("ABCDEFGHIJKLMNOPQRSTUVWX")).toBe(false);
    expect(isVerifyCode("abcdefghijklmnopqrstuvw1")).toBe(false);
    expect(isVerifyCode("abc")).toBe(false);
    expect(isVerifyCode(`${"a".repeat(24)}/`)).toBe(false);
    expect(isVerifyCode(undefined)).toBe(false);
    expect(() => verifyCodeFrom(new Uint8Array(16))).toThrow(RangeError);
  });
});

describe("edition line and public status", () => {
  it("calls a single sold piece an original and anything with more pieces an edition", () => {
    expect(editionLine({ piece: 1, totalPieces: 1 })).toBe("Original, unique work");
    expect(editionLine({ totalPieces: 1 })).toBe("Original, unique work");
    expect(editionLine({ piece: 2, totalPieces: 5 })).toBe("Edition, piece no. 2");
    expect(editionLine({ totalPieces: 3 })).toBe("Edition (one of several pieces)");
  });

  it("says where the work stands without naming anyone", () => {
    expect(publicStatus({ availability: "sold", archived: false })).toBe("Sold, in a private collection");
    expect(publicStatus({ availability: "available", archived: false })).toBe("Available from the artist");
    expect(publicStatus({ availability: "on_hold", archived: false })).toBe("On hold for a buyer");
    expect(publicStatus(undefined)).toBe("No longer listed in the catalogue");
  });

  it("states the particulars in the certificate's order, leaving out what is not known", () => {
    const work = { year: 2024, medium: "Oil on linen", size: "60 × 50 cm", edition: "Original, unique work" };
    expect(certificateParticulars({ ...work, number: "COA-2026-0001", issuedOn: "3 March 2026" })).toEqual([
      ["Year", "2024"],
      ["Medium", "Oil on linen"],
      ["Dimensions", "60 × 50 cm"],
      ["Edition", "Original, unique work"],
      ["Certificate no.", "COA-2026-0001"],
      ["Issued", "3 March 2026"],
    ]);
    expect(
      certificateParticulars({ ...work, year: null, medium: "", number: "COA-2026-0002", issuedOn: "4 March 2026" }),
    ).toEqual([
      ["Dimensions", "60 × 50 cm"],
      ["Edition", "Original, unique work"],
      ["Certificate no.", "COA-2026-0002"],
      ["Issued", "4 March 2026"],
    ]);
  });
});
