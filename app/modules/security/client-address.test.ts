import { describe, expect, it } from "vitest";
import { addressKey, networkKeyOf } from "./client-address";

describe("the key a per-address limit counts by", () => {
  it("is the IPv4 address itself, also when written as IPv4-mapped IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const key = "2001:db8:aa:bb::/64";
    expect(addressKey("2001:db8:aa:bb:1:2:3:4")).toBe(key);
    expect(addressKey("2001:0db8:00aa:00bb:ffff::1")).toBe(key);
    expect(addressKey("2001:db8:aa:bb::")).toBe(key);
    expect(addressKey("2001:DB8:AA:BB:0:0:0:9")).toBe(key);
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8:aa:bb")).toBe("unknown");
  });

  it("is 'unknown' for anything else", () => {
    expect(addressKey(undefined)).toBe("unknown");
    expect(addressKey("")).toBe("unknown");
    expect(addressKey("not an address")).toBe("unknown");
  });
});

describe("the network a per-address limit also counts by", () => {
  it("is the /48 of an IPv6 address's /64, also inside a limit's key; an IPv4 address has none", () => {
    expect(networkKeyOf("2001:db8:aa:bb::/64")).toBe("2001:db8:aa::/48");
    expect(networkKeyOf(addressKey("2001:db8:aa:ffff:1::9"))).toBe("2001:db8:aa::/48");
    expect(networkKeyOf("contact:ip:2001:db8:aa:bb::/64")).toBe("contact:ip:2001:db8:aa::/48");
    expect(networkKeyOf("ip:/sign-in/email:2001:db8:aa:bb::/64")).toBe("ip:/sign-in/email:2001:db8:aa::/48");
    expect(networkKeyOf("203.0.113.7")).toBeUndefined();
    expect(networkKeyOf("contact:ip:203.0.113.7")).toBeUndefined();
    expect(networkKeyOf("contact:ip:unknown")).toBeUndefined();
    expect(networkKeyOf("sign-in:email:2001:db8:aa")).toBeUndefined();
  });
});
