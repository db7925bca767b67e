import { describe, expect, it } from "vitest";
import { clientKey, createRateLimiter } from "#app/http/rate-limit.server.ts";

describe("rate limiter", () => {
  it("allows `limit` requests per window per client, then says how long to wait", () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => time });
    expect(limiter.check("a")).toBeUndefined();
    expect(limiter.check("a")).toBeUndefined();
    expect(limiter.check("a")).toBe(60);
    expect(limiter.check("b")).toBeUndefined();
    time = 30_000;
    expect(limiter.check("a")).toBe(30);
    time = 60_001;
    expect(limiter.check("a")).toBeUndefined();
  });

  it("keys clients by the proxy's client address", () => {
    expect(clientKey(new Request("http://x", { headers: { "fly-client-ip": "1.2.3.4", "x-forwarded-for": "9.9.9.9" } }))).toBe("1.2.3.4");
    expect(clientKey(new Request("http://x", { headers: { "x-forwarded-for": "5.6.7.8, 10.0.0.1" } }))).toBe("5.6.7.8");
    expect(clientKey(new Request("http://x"))).toBe("local");
  });
});
