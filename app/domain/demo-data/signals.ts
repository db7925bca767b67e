import { DEFAULT_RULES, decayWeight, evidenceAgeDays } from "../scoring.ts";
import type { EvidenceCategory } from "../vocabulary.ts";
import { type Rng, between, intBetween } from "./random.ts";
import type { DemoEvidence } from "./types.ts";

/**
 * Signals from evidence, with the scoring's own decay (app/domain/scoring.ts, docs/product.md#resources),
 * so a high activity always has fresh deals or a new fund behind it.
 */

export function clampScore(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

const ACTIVITY_POINTS: Record<EvidenceCategory, number> = {
  new_fund: 70,
  deal: 50,
  hire_or_departure: 10,
  thesis_or_content: 12,
  negative: -40,
  irrelevant: 0,
};

/** Activity points from evidence as of `atMs`: each page's points × relevance × the scoring's decay weight. */
export function activityPoints(rows: readonly DemoEvidence[], atMs: number): number {
  const at = new Date(atMs);
  return rows.reduce(
    (sum, row) => sum + ACTIVITY_POINTS[row.category] * row.relevance * decayWeight(evidenceAgeDays(row, at), DEFAULT_RULES.halfLifeDays),
    0,
  );
}

export function fitFrom(rng: Rng, rows: readonly DemoEvidence[]): number {
  const telling = rows.filter((r) => r.category === "deal" || r.category === "new_fund" || r.category === "thesis_or_content");
  if (telling.length === 0) return intBetween(rng, 20, 40);
  const best = Math.max(...telling.map((r) => r.relevance));
  return clampScore(30 + 55 * best + between(rng, -8, 8));
}
