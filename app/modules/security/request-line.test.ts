import { describe, expect, it } from "vitest";
import { checkRequestLine, DOT_SEGMENT_IN_ADDRESS, NO_HOST, UNDECODABLE_ADDRESS } from "./request-limits";

describe("request lines", () => {
  it("lets a page's request through, with its port or an IPv6 address as Host", () => {
    for (const host of ["localhost:3000", "studio.example.com", "[::1]:3000", "127.0.0.1"])
      expect(checkRequestLine("GET", "/gallery?medium=Oil", host)).toEqual({ ok: true });
    expect(checkRequestLine("OPTIONS", "/api/cart", "studio.example.com")).toEqual({ ok: true });
    // A load balancer's health check may send no Host (HTTP/1.0): /healthz needs none.
    expect(checkRequestLine("GET", "/healthz", undefined)).toEqual({ ok: true });
  });

  it("refuses a method no Request can hold (405), a target that is not a path and a Host no URL can hold (400)", () => {
    for (const method of ["TRACE", "TRACK", "CONNECT"])
      expect(checkRequestLine(method, "/", "localhost")).toMatchObject({ ok: false, status: 405 });
    for (const target of ["http://evil.example/artwork/1", "*", "artwork/1"])
      expect(checkRequestLine("GET", target, "localhost")).toEqual({
        ok: false,
        status: 400,
        reason: UNDECODABLE_ADDRESS,
      });
    // Including what parses as a URL only by taking its tail for a path: React Router's adapter reads the port
    // after the first colon of the whole header, and `new URL` threw on `a:99999`.
    for (const host of [
      undefined,
      "",
      "localhost:99999",
      "local host",
      "[::1",
      "localhost:abc",
      "xn--zz",
      "a/b:99999",
      "localhost/x:70000",
      "a?:99999",
      "a#:99999",
      "a\\b:99999",
      "user@localhost",
      "good.example, x:99999",
      "localhost:",
    ])
      expect(checkRequestLine("GET", "/", host)).toEqual({ ok: false, status: 400, reason: NO_HOST });
    // The path's own checks follow.
    expect(checkRequestLine("GET", "/%ff", "localhost")).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a . or .. segment or a backslash (400): routes see the address resolved, the limits before them as sent", () => {
    // `/admin/media/../../contact` reached /contact, its body sized as an upload's (chunked, no limit).
    for (const target of [
      "/admin/media/../../contact",
      "/admin/import/%2e%2e/%2E%2e/contact",
      "/admin/media/.%2e/.%2E/contact?x=1",
      "/admin/media/%2e./contact",
      "/./contact",
      "/admin/..",
      "/admin/media\\..\\..\\contact",
      "/contact\\",
    ])
      expect(checkRequestLine("POST", target, "localhost")).toEqual({
        ok: false,
        status: 400,
        reason: DOT_SEGMENT_IN_ADDRESS,
      });
    // Dots within a segment are a name like any other; a query may hold anything.
    for (const target of ["/.well-known/security.txt", "/blog/what...next", "/media/ab/960.avif", "/gallery?q=../x"])
      expect(checkRequestLine("GET", target, "localhost")).toEqual({ ok: true });
  });
});
