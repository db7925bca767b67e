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

  it("keys clients by the socket address, never by headers a client can forge", () => {
    expect(clientKey(new Request("http://x", { headers: { "x-ipi-client-address": "10.1.1.1", "x-forwarded-for": "9.9.9.9" } }))).toBe(
      "10.1.1.1",
    );
    expect(clientKey(new Request("http://x", { headers: { "fly-client-ip": "1.2.3.4", "x-ipi-client-address": "10.1.1.1" } }))).toBe(
      "10.1.1.1",
    );
    expect(clientKey(new Request("http://x"))).toBe("local");
  });

  it("evicts the least recently seen client, not everyone, when full", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxClients: 2, now: () => 0 });
    expect(limiter.check("a")).toBeUndefined();
    expect(limiter.check("b")).toBeUndefined();
    expect(limiter.check("a")).toBe(60); // a is limited, and now the most recently seen
    expect(limiter.check("c")).toBeUndefined(); // evicts b
    expect(limiter.check("a")).toBe(60);
    expect(limiter.peek("b")).toBeUndefined();
  });
});
