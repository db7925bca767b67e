import { describe, expect, it } from "vitest";
import { backoffMs, IntegrationError, parseRetryAfter, withRetries } from "#app/integrations/errors.ts";
import type { IntegrationFailure } from "#app/integrations/errors.ts";

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

function failing(failure: IntegrationFailure, retryAfterMs?: number) {
  return new IntegrationError("test", failure, `failed with ${failure}`, retryAfterMs);
}

describe("withRetries", () => {
  it("returns the first success without waiting", async () => {
    const { waits, sleep } = recordingSleep();
    let attempts = 0;
    const value = await withRetries(async () => ++attempts, { retries: 2, timeoutMs: 1000, sleep });
    expect(value).toBe(1);
    expect(attempts).toBe(1);
    expect(waits).toEqual([]);
  });

  it.each(["rate_limited", "server", "timeout", "network"] as const)("retries a %s failure", async (failure) => {
    const { waits, sleep } = recordingSleep();
    let attempts = 0;
    const value = await withRetries(
      async () => {
        attempts++;
        if (attempts < 3) throw failing(failure);
        return "done";
      },
      { retries: 2, timeoutMs: 1000, sleep },
    );
    expect(value).toBe("done");
    expect(attempts).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it("gives up after retries + 1 attempts with the last failure", async () => {
    const { sleep } = recordingSleep();
    let attempts = 0;
    const outcome = withRetries(
      async () => {
        attempts++;
        throw failing("server");
      },
      { retries: 2, timeoutMs: 1000, sleep },
    );
    await expect(outcome).rejects.toMatchObject({ failure: "server" });
    expect(attempts).toBe(3);
  });

  it.each(["auth", "bad_request", "malformed", "not_configured"] as const)("does not retry %s", async (failure) => {
    const { waits, sleep } = recordingSleep();
    let attempts = 0;
    const outcome = withRetries(
      async () => {
        attempts++;
        throw failing(failure);
      },
      { retries: 3, timeoutMs: 1000, sleep },
    );
    await expect(outcome).rejects.toMatchObject({ failure });
    expect(attempts).toBe(1);
    expect(waits).toEqual([]);
  });

  it("waits what the service asked, capped at maxRetryAfterMs", async () => {
    const { waits, sleep } = recordingSleep();
    const asks = [3_000, 90_000];
    await withRetries(
      async () => {
        const ask = asks.shift();
        if (ask !== undefined) throw failing("rate_limited", ask);
        return "ok";
      },
      { retries: 2, timeoutMs: 1000, sleep, maxRetryAfterMs: 10_000 },
    );
    expect(waits).toEqual([3_000, 10_000]);
  });

  it("caps Retry-After at 20 s by default", async () => {
    const { waits, sleep } = recordingSleep();
    let attempts = 0;
    await withRetries(
      async () => {
        if (attempts++ === 0) throw failing("rate_limited", 60_000);
        return "ok";
      },
      { retries: 1, timeoutMs: 1000, sleep },
    );
    expect(waits).toEqual([20_000]);
  });

  it("backs off exponentially from 500 ms, with jitter, when no wait was asked", async () => {
    const { waits, sleep } = recordingSleep();
    await expect(
      withRetries(
        async () => {
          throw failing("server");
        },
        { retries: 3, timeoutMs: 1000, sleep },
      ),
    ).rejects.toThrow(IntegrationError);
    expect(waits).toHaveLength(3);
    const bounds = [
      [250, 500],
      [500, 1000],
      [1000, 2000],
    ] as const;
    waits.forEach((wait, index) => {
      expect(wait).toBeGreaterThanOrEqual(bounds[index]![0]);
      expect(wait).toBeLessThanOrEqual(bounds[index]![1]);
    });
    expect(backoffMs(0, () => 0)).toBe(250);
    expect(backoffMs(2, () => 1)).toBe(2000);
  });

  it("gives every attempt its own timeout and turns an abort into a timeout failure", async () => {
    const { sleep } = recordingSleep();
    const signals: AbortSignal[] = [];
    const outcome = withRetries(
      (signal) => {
        signals.push(signal);
        // Like fetch: reject with whatever the library throws once the signal fires.
        return new Promise<never>((_, reject) => {
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      },
      { retries: 1, timeoutMs: 50, sleep, service: "slowpoke" },
    );
    await expect(outcome).rejects.toMatchObject({ failure: "timeout", service: "slowpoke" });
    expect(signals).toHaveLength(2);
    expect(signals[0]).not.toBe(signals[1]);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it("lets errors that are not integration failures through untouched, without retrying", async () => {
    let attempts = 0;
    const bug = new TypeError("undefined is not a function");
    await expect(
      withRetries(
        async () => {
          attempts++;
          throw bug;
        },
        { retries: 2, timeoutMs: 1000, sleep: async () => {} },
      ),
    ).rejects.toBe(bug);
    expect(attempts).toBe(1);
  });
});

describe("parseRetryAfter", () => {
  const now = new Date("2025-06-03T10:00:00Z");

  it("reads seconds", () => {
    expect(parseRetryAfter("2", now)).toBe(2_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1_500);
  });

  it("reads an HTTP date relative to now", () => {
    expect(parseRetryAfter("Tue, 03 Jun 2025 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Tue, 03 Jun 2025 09:59:00 GMT", now)).toBe(0);
  });

  it("ignores a missing or unreadable header", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});
