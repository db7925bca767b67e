import { z } from "zod";

/**
 * What a client may ask of a refresh run (routes #4 and #5). Pure, so the OpenAPI document
 * (app/http/openapi/) describes the very schemas the routes parse.
 */

/** The last chain a run may reach; past it, with investors left, the run is `truncated`. */
export const MAX_CHAIN = 50;

/** Route #4's body. */
export const refreshRequestSchema = z.strictObject({ linkedin: z.boolean().optional() });

/** Route #5's body. */
export const refreshContinueRequestSchema = z.strictObject({
  run_id: z.uuid({ message: "must be a run id (UUID)" }),
  chain: z.number().int().min(1).max(MAX_CHAIN),
});

// ---------------------------------------------------------------------------------------------
// The lease a run is worked under, the same for a refresh and a discovery (decisions 007, 034).

type Leased = { status: string; leaseOwner: string | null; leaseExpiresAt: string | null };
type OwnerGone = (owner: string | null) => boolean;

/** How long a lease lasts: twice the run's time budget, at least a minute (or what a test sets). */
export function leaseMsFor(runBudgetSeconds: number, leaseMs?: number): number {
  return leaseMs ?? Math.max(60_000, runBudgetSeconds * 2_000);
}

/** A running run another process may take over: no lease, an expired one, or an owner known to be gone. */
export function leaseExpired(run: Leased, now: Date, owner: string, isOwnerGone: OwnerGone = () => false): boolean {
  return (
    run.status === "running" &&
    (!run.leaseExpiresAt || run.leaseExpiresAt < now.toISOString() || (run.leaseOwner !== owner && isOwnerGone(run.leaseOwner)))
  );
}

/** Whether the poller should work on an unfinished run now: not running, or running under a lease it may take. */
export function readyToWork(run: Leased, now: Date, isOwnerGone: OwnerGone = () => false): boolean {
  return run.status !== "running" || !run.leaseExpiresAt || run.leaseExpiresAt < now.toISOString() || isOwnerGone(run.leaseOwner);
}
