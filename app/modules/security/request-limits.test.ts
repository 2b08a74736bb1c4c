import { describe, expect, it } from "vitest";
import { bodyLimitFor, checkBody, checkPath, KB, MB, NUL_IN_ADDRESS, UNDECODABLE_ADDRESS } from "./request-limits";

describe("request body limits by route class (security issue item 3)", () => {
  it("gives each kind of route its limit", () => {
    expect(bodyLimitFor("/newsletter").bytes).toBe(64 * KB);
    expect(bodyLimitFor("/contact").bytes).toBe(64 * KB);
    expect(bodyLimitFor("/checkout").bytes).toBe(64 * KB);
    expect(bodyLimitFor("/api/cart").bytes).toBe(64 * KB);
    expect(bodyLimitFor("/api/auth/sign-in/email").bytes).toBe(16 * KB);
    expect(bodyLimitFor("/auth").bytes).toBe(16 * KB);
    expect(bodyLimitFor("/auth.data").bytes).toBe(16 * KB);
    expect(bodyLimitFor("/auth/sign-out").bytes).toBe(16 * KB);
    expect(bodyLimitFor("/account").bytes).toBe(16 * KB);
    expect(bodyLimitFor("/webhooks/stripe").bytes).toBe(1 * MB);
    expect(bodyLimitFor("/admin/media")).toEqual({ bytes: 26 * MB, streams: true });
    expect(bodyLimitFor("/admin/import").bytes).toBe(211 * MB);
    expect(bodyLimitFor("/admin/settings").bytes).toBe(26 * MB);
    expect(bodyLimitFor("/commissions").bytes).toBe(51 * MB);
    expect(bodyLimitFor("/commissions.data").bytes).toBe(51 * MB);
    // A client's private page takes a button press, not images.
    expect(bodyLimitFor("/commission/0190.abc").bytes).toBe(64 * KB);
  });

  it("does not let a look-alike path borrow a larger limit", () => {
    expect(bodyLimitFor("/administrator").bytes).toBe(64 * KB);
    expect(bodyLimitFor("/authors").bytes).toBe(64 * KB);
    expect(bodyLimitFor("/ADMIN/IMPORT").bytes).toBe(211 * MB);
  });

  it("refuses a declared length over the limit, an invalid one, and a body of unknown length", () => {
    expect(checkBody("POST", "/newsletter", { "content-length": String(64 * KB) })).toEqual({ ok: true });
    expect(checkBody("POST", "/newsletter", { "content-length": String(64 * KB + 1) })).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(checkBody("POST", "/newsletter", { "content-length": "-1" })).toMatchObject({ status: 413 });
    expect(checkBody("POST", "/newsletter", { "content-length": "1e9" })).toMatchObject({ status: 413 });
    expect(checkBody("POST", "/newsletter", { "transfer-encoding": "chunked" })).toMatchObject({ status: 411 });
    // The media upload streams and limits its own body.
    expect(checkBody("POST", "/admin/media", { "transfer-encoding": "chunked" })).toEqual({ ok: true });
    expect(checkBody("GET", "/newsletter", { "content-length": String(100 * MB) })).toEqual({ ok: true });
    expect(checkBody("POST", "/newsletter", {})).toEqual({ ok: true });
  });
});

describe("request path limits", () => {
  it("lets every path of the site through, deep zoom tiles and long slugs included", () => {
    for (const path of [
      "/",
      "/artwork/01a213f6-6d3a-735f-94a3-fbe0b2f42648",
      "/media/439414b6bb05af3715960bd5/zoom-v1_files/12/3_4.webp",
      "/admin/artworks/01a213f6-6d3a-735f-94a3-fbe0b2f42648/edit",
      `/blog/${"%E6%97%A5".repeat(200)}`,
      "/x".repeat(32),
    ])
      expect(checkPath(path)).toEqual({ ok: true });
  });

  it("refuses a path of too many segments or too many bytes with 414", () => {
    expect(checkPath("/x".repeat(33))).toEqual({ ok: false, status: 414, reason: "URI Too Long" });
    expect(checkPath("/x".repeat(7000))).toEqual({ ok: false, status: 414, reason: "URI Too Long" });
    expect(checkPath(`/${"a".repeat(2 * KB)}`)).toEqual({ ok: false, status: 414, reason: "URI Too Long" });
  });

  it("does not count the query", () => {
    expect(checkPath(`/gallery?q=${"a".repeat(4 * KB)}&${"x=/".repeat(40)}`)).toEqual({ ok: true });
  });

  it("refuses a path that does not percent-decode, and a NUL byte in the path or the query, with 400", () => {
    for (const path of ["/%ff", "/blog/%", "/room/%ZZ", "/artwork/%C0%AF", "/api/auth/reset-password/abc%ff"])
      expect(checkPath(path)).toEqual({ ok: false, status: 400, reason: UNDECODABLE_ADDRESS });
    for (const url of ["/artwork/%00", "/gallery?q=a%00b", "/checkout?artwork=%00", "/x?y=%2f%00"])
      expect(checkPath(url)).toEqual({ ok: false, status: 400, reason: NUL_IN_ADDRESS });
    // A query is decoded leniently by every reader of it: a stray % there is no one's problem.
    expect(checkPath("/gallery?q=100%")).toEqual({ ok: true });
    expect(checkPath("/gallery?q=%ff")).toEqual({ ok: true });
  });
});
