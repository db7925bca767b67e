import { afterEach, describe, expect, it, vi } from "vitest";
import { addressGroup } from "#app/http/address-group.ts";
import { clientKey } from "#app/http/rate-limit.server.ts";

describe("address groups", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("counts an IPv4 address on its own", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("203.0.113.8")).toBe("203.0.113.8");
  });

  it("counts IPv6 by /64, however the address is written", () => {
    const group = "2001:db8:85a3:12::/64";
    for (const address of [
      "2001:db8:85a3:12::1",
      "2001:0db8:85a3:0012:ffff:ffff:ffff:ffff",
      "2001:DB8:85A3:12:1:2:3:4",
      "[2001:db8:85a3:12::9]",
      "2001:db8:85a3:12::1.2.3.4",
    ])
      expect(addressGroup(address), address).toBe(group);
    expect(addressGroup("2001:db8:85a3:13::1")).toBe("2001:db8:85a3:13::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(addressGroup("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("leaves anything that is not an address as it is", () => {
    expect(addressGroup("local")).toBe("local");
    expect(addressGroup("unknown")).toBe("unknown");
  });

  it("keys per-client limits by the group: two addresses of one /64 are one client", () => {
    const from = (address: string) => clientKey(new Request("http://x", { headers: { "x-ipi-client-address": address } }));
    expect(from("2001:db8::1")).toBe(from("2001:db8::ffff:2"));
    expect(from("::ffff:10.1.1.1")).toBe("10.1.1.1");
    vi.stubEnv("FLY_APP_NAME", "app");
    const fly = (address: string) => clientKey(new Request("http://x", { headers: { "fly-client-ip": address } }));
    expect(fly("2a01:4f8:1:2:aaaa::1")).toBe(fly("2a01:4f8:1:2:bbbb::1"));
  });
});
