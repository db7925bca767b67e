import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerToken, hashApiToken, newApiToken } from "#app/auth/api-token.server.ts";

describe("personal API tokens (decision 063)", () => {
  it("makes ipi_ and 32 random bytes in base64url, and keeps only its SHA-256", () => {
    const one = newApiToken();
    const two = newApiToken();
    expect(one.token).toMatch(/^ipi_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(one.token.slice(4), "base64url")).toHaveLength(32);
    expect(one.token).not.toBe(two.token);
    expect(one.hash).toBe(createHash("sha256").update(one.token).digest("base64url"));
    expect(hashApiToken(one.token)).toBe(one.hash);
    expect(one.hash).not.toContain(one.token.slice(4));
  });

  it("reads a member's token from Authorization: Bearer, never another bearer such as the cron's", () => {
    const request = (authorization?: string) =>
      new Request("http://localhost/api/search-feed", { headers: authorization ? { authorization } : {} });
    expect(bearerToken(request("Bearer ipi_abc"))).toBe("ipi_abc");
    expect(bearerToken(request("bearer   ipi_abc  "))).toBe("ipi_abc");
    expect(bearerToken(request("Bearer a-cron-secret-of-32-characters-or-more"))).toBeNull();
    expect(bearerToken(request("Basic aXBpXzE="))).toBeNull();
    expect(bearerToken(request())).toBeNull();
  });
});
