// The rate limiter of the public forms (docs/security.md): a window per key in the database, and the pair of
// limits a public form counts, per connection and per address typed, so neither one connection nor many
// connections can flood one inbox.
import { describe, expect, it } from "vitest";
import {
  emailKey,
  hitConnectionAndAddress,
  hitRateLimit,
  NETWORK_SHARE,
  refundRateLimit,
  retryAfter,
} from "~/modules/security/rate-limit.server";
import { BACKENDS, useTestServices } from "../support/harness";

const TWO_A_MINUTE = { max: 2, windowSeconds: 60 };
const THREE_AN_HOUR = { max: 3, windowSeconds: 3_600 };
const LIMITS = { ip: TWO_A_MINUTE, email: THREE_AN_HOUR };

describe("emailKey", () => {
  it("keys one inbox once: its sub-addresses (+tag), and Gmail's dots and second domain, are the same inbox", () => {
    const inbox = emailKey("someoneelse@gmail.com");
    for (const alias of ["some.one.else@gmail.com", "SomeOneElse+shop@GoogleMail.com", " someoneelse+1@gmail.com"])
      expect(emailKey(alias)).toBe(inbox);
    expect(emailKey("mara+studio@example.org")).toBe(emailKey("mara@example.org"));
    // Dots name other people elsewhere; another inbox is another key.
    expect(emailKey("m.ara@example.org")).not.toBe(emailKey("mara@example.org"));
    expect(emailKey("someoneother@gmail.com")).not.toBe(inbox);
    // A phone number (texted codes) is keyed as typed.
    expect(emailKey("+15551234567")).not.toBe(emailKey("15551234567"));
  });
});

describe.each(BACKENDS)("rate limits on %s", (backend) => {
  useTestServices(backend);

  it("allows max requests in a window, then refuses with the seconds left before the window ends", async () => {
    expect(await hitRateLimit("test:one", TWO_A_MINUTE)).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
    expect(await hitRateLimit("test:one", TWO_A_MINUTE)).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
    const refused = await hitRateLimit("test:one", TWO_A_MINUTE);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(retryAfter(refused)).toEqual({ "retry-after": String(refused.retryAfterSeconds) });
    // Another key has a window of its own.
    expect((await hitRateLimit("test:two", TWO_A_MINUTE)).allowed).toBe(true);
  });

  it("takes a refund back only from the window the request was counted in", async () => {
    // A right password answered just after its window ended must not take back a guess of the new window.
    const ONE_A_SECOND = { max: 1, windowSeconds: 1 };
    const first = await hitRateLimit("test:straddle", ONE_A_SECOND);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await hitRateLimit("test:straddle", ONE_A_SECOND)).allowed).toBe(true);
    await refundRateLimit(first);
    expect((await hitRateLimit("test:straddle", ONE_A_SECOND)).allowed).toBe(false);
  });

  it("counts a form against its connection and its address, and refuses when either is spent", async () => {
    const from = (clientIp: string, email: string) => ({ clientIp, email });
    // One connection, several addresses: the connection's limit refuses the third.
    expect(await hitConnectionAndAddress("form", from("10.0.0.1", "a@example.com"), LIMITS)).toBeUndefined();
    expect(await hitConnectionAndAddress("form", from("10.0.0.1", "b@example.com"), LIMITS)).toBeUndefined();
    const byConnection = await hitConnectionAndAddress("form", from("10.0.0.1", "c@example.com"), LIMITS);
    expect(byConnection).toMatchObject({ allowed: false });
    expect(byConnection!.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Many connections, one address (however it is typed): the address's limit refuses the fourth.
    expect(await hitConnectionAndAddress("form", from("10.0.0.2", "d@example.com"), LIMITS)).toBeUndefined();
    expect(await hitConnectionAndAddress("form", from("10.0.0.3", " D@Example.com"), LIMITS)).toBeUndefined();
    expect(await hitConnectionAndAddress("form", from("10.0.0.4", "d@example.com"), LIMITS)).toBeUndefined();
    const byAddress = await hitConnectionAndAddress("form", from("10.0.0.5", "d@example.com"), LIMITS);
    expect(byAddress).toMatchObject({ allowed: false });
    expect(byAddress!.retryAfterSeconds).toBeGreaterThan(60);
    // Another form's scope counts apart; a cost counts as that many requests.
    expect(await hitConnectionAndAddress("other", from("10.0.0.1", "d@example.com"), LIMITS)).toBeUndefined();
    expect(await hitConnectionAndAddress("pieces", from("10.0.0.6", "e@example.com"), LIMITS, 3)).toMatchObject({
      allowed: false,
    });
  });

  it("counts an IPv6 client's /48 too: a network rotating through its /64s gets NETWORK_SHARE times one's budget", async () => {
    const sixtyFour = (n: number) => `test:ip:2001:db8:7:${n.toString(16)}::/64`;
    const hits = [];
    for (let n = 0; n < NETWORK_SHARE; n++) {
      for (let twice = 0; twice < 2; twice++) {
        const hit = await hitRateLimit(sixtyFour(n), TWO_A_MINUTE);
        expect(hit.allowed).toBe(true);
        hits.push(hit);
      }
    }
    // A refund (a right password) gives the network its place back as well as the address.
    await refundRateLimit(hits[0]!);
    expect((await hitRateLimit(sixtyFour(NETWORK_SHARE), TWO_A_MINUTE)).allowed).toBe(true);
    // The network's budget is spent: a /64 of it that has sent nothing yet is refused, told when to try again.
    const refused = await hitRateLimit(sixtyFour(NETWORK_SHARE + 1), TWO_A_MINUTE);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another network, and IPv4 addresses, count apart.
    expect((await hitRateLimit("test:ip:2001:db8:8:1::/64", TWO_A_MINUTE)).allowed).toBe(true);
    expect((await hitRateLimit("test:ip:203.0.113.9", TWO_A_MINUTE)).allowed).toBe(true);
  });
});
