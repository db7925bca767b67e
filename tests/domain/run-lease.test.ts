import { describe, expect, it } from "vitest";
import { leaseExpired, leaseMsFor, readyToWork } from "#app/domain/runs.ts";

/** The lease rules a refresh and a discovery share (one place, app/domain/runs.ts). */
describe("a run's lease", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const later = "2026-11-25T12:05:00.000Z";
  const earlier = "2026-11-25T11:55:00.000Z";
  const gone = (owner: string | null) => owner === "dead";

  it("lasts twice the run's budget, at least a minute, unless a test sets it", () => {
    expect(leaseMsFor(50)).toBe(100_000);
    expect(leaseMsFor(10)).toBe(60_000);
    expect(leaseMsFor(50, 500)).toBe(500);
  });

  it("may be taken over when missing, expired, or held by an owner known to be gone — never while running healthy", () => {
    expect(leaseExpired({ status: "running", leaseOwner: "a", leaseExpiresAt: later }, now, "b", gone)).toBe(false);
    expect(leaseExpired({ status: "running", leaseOwner: "a", leaseExpiresAt: earlier }, now, "b", gone)).toBe(true);
    expect(leaseExpired({ status: "running", leaseOwner: "a", leaseExpiresAt: null }, now, "b", gone)).toBe(true);
    expect(leaseExpired({ status: "running", leaseOwner: "dead", leaseExpiresAt: later }, now, "b", gone)).toBe(true);
    // Our own lease is never "gone", and a queued run holds no lease to take.
    expect(leaseExpired({ status: "running", leaseOwner: "dead", leaseExpiresAt: later }, now, "dead", gone)).toBe(false);
    expect(leaseExpired({ status: "queued", leaseOwner: null, leaseExpiresAt: null }, now, "b", gone)).toBe(false);
  });

  it("is worked by the poller when not running, or running under a lease it may take", () => {
    expect(readyToWork({ status: "queued", leaseOwner: null, leaseExpiresAt: null }, now)).toBe(true);
    expect(readyToWork({ status: "waiting_chain", leaseOwner: null, leaseExpiresAt: null }, now)).toBe(true);
    expect(readyToWork({ status: "running", leaseOwner: "a", leaseExpiresAt: later }, now, gone)).toBe(false);
    expect(readyToWork({ status: "running", leaseOwner: "a", leaseExpiresAt: earlier }, now, gone)).toBe(true);
    expect(readyToWork({ status: "running", leaseOwner: "dead", leaseExpiresAt: later }, now, gone)).toBe(true);
  });
});
