import { z } from "zod";
import { PASS_REASONS, PASS_REASON_LABELS, type PassReason, RELATIONSHIP_STATUSES } from "./vocabulary.ts";

/**
 * The board (/board, docs/product.md#pages): a column per relationship status with its count and
 * total amount, cards moved between them through the investor edit. Pure: rows in, columns out.
 */

/** What a column's total reads of an investor: the same three fields the round's totals read. */

/** Whole days from a YYYY-MM-DD date to today (0 on the day, never negative); null without a date. */
export function daysSince(date: string | null, today: string): number | null {
  if (!date) return null;
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(days) ? Math.max(0, days) : null;
}

export type PassReasonBar = { reason: PassReason | null; label: string; count: number; share: number };

/**
 * The pass reasons chart: every reason in its order with how many passed for it, then the passed
 * investors without a recorded reason (those passed before the reason was asked). `share` is the
 * bar's length, 0–1 of the largest count.
 */
export function passReasonBars(counts: ReadonlyArray<{ reason: PassReason | null; count: number }>): PassReasonBar[] {
  const byReason = new Map<PassReason | null, number>();
  for (const row of counts) byReason.set(row.reason, (byReason.get(row.reason) ?? 0) + row.count);
  const bars: Array<Omit<PassReasonBar, "share">> = PASS_REASONS.map((reason) => ({
    reason,
    label: PASS_REASON_LABELS[reason],
    count: byReason.get(reason) ?? 0,
  }));
  const unrecorded = byReason.get(null) ?? 0;
  if (unrecorded > 0) bars.push({ reason: null, label: "Not recorded", count: unrecorded });
  const largest = Math.max(0, ...bars.map((bar) => bar.count));
  return bars.map((bar) => ({ ...bar, share: largest === 0 ? 0 : bar.count / largest }));
}

export const PASS_REASON_MESSAGE = "Choose why they passed";

/**
 * A move on the board: one card to one status, as the board's form posts it (with or without
 * JavaScript). Moving to "passed" needs the reason; any other status ignores one.
 */
export const boardMoveSchema = z
  .strictObject({
    intent: z.literal("move"),
    id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    relationship_status: z.enum(RELATIONSHIP_STATUSES),
    pass_reason: z.union([z.enum(PASS_REASONS), z.literal("")]).optional(),
  })
  .superRefine((move, context) => {
    if (move.relationship_status === "passed" && !move.pass_reason) {
      context.addIssue({ code: "custom", message: PASS_REASON_MESSAGE, path: ["pass_reason"] });
    }
  })
  .transform(({ id, relationship_status, pass_reason }) => ({
    id,
    relationship_status,
    pass_reason: relationship_status === "passed" && pass_reason ? pass_reason : null,
  }));
export type BoardMove = z.infer<typeof boardMoveSchema>;
