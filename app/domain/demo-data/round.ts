import type { RoundStartup } from "../round.ts";
import type { PassReason, RelationshipStatus } from "../vocabulary.ts";
import { type Rng, chance, pick, rngFor } from "./random.ts";
import { DAY_MS, isoDay } from "./text.ts";

/**
 * The demo's round and its investors' money (docs/product.md#the-round): a $1.5M SAFE closing 51
 * days from now, and amounts on the investors in talks, soft and committed. Drawn from their own
 * random stream, so the rest of the demo set is the same as before money existed.
 */

export const DEMO_ROUND_NAME = "Your startup (demo)";

export function demoRound(now: Date): RoundStartup {
  return {
    id: 0,
    name: DEMO_ROUND_NAME,
    roundSize: 1_500_000,
    roundCurrency: "USD",
    closeBy: isoDay(now.getTime() + 51 * DAY_MS),
    instrument: "safe",
    roleWanted: "lead",
    valuationCap: 12_000_000,
    preMoney: null,
    raisingNow: true,
  };
}

export type DemoMoney = {
  amount: number | null;
  amount_currency: string | null;
  next_step: string | null;
  next_step_date: string | null;
  meeting_date: string | null;
  pass_reason: PassReason | null;
};

const NEXT_STEPS = [
  "Send the data room",
  "Share the cap table",
  "Intro to a portfolio founder",
  "Send the updated deck",
  "Book the partner meeting",
];
const TALK_AMOUNTS = [100_000, 150_000, 200_000, 250_000, 300_000];
const PASS_REASONS_SEEN: readonly PassReason[] = ["too_early", "not_our_sector", "cheque_size", "timing", "no_reason_given"];

/** One demo investor's money and next step, from its status. */
export function demoMoney(name: string, status: RelationshipStatus, nowMs: number, seed: number): DemoMoney {
  const rng: Rng = rngFor(seed, "money", name);
  const none: DemoMoney = {
    amount: null,
    amount_currency: null,
    next_step: null,
    next_step_date: null,
    meeting_date: null,
    pass_reason: null,
  };
  switch (status) {
    case "committed":
      return { ...none, amount: pick(rng, [250_000, 400_000]) };
    case "soft_committed":
      return {
        ...none,
        amount: pick(rng, [100_000, 200_000]),
        next_step: "Send the SAFE to sign",
        next_step_date: isoDay(nowMs + 3 * DAY_MS),
      };
    case "due_diligence":
    case "meeting_scheduled":
    case "in_conversation":
      return {
        ...none,
        amount: chance(rng, 0.7) ? pick(rng, TALK_AMOUNTS) : null,
        amount_currency: chance(rng, 0.2) ? "EUR" : null,
        next_step: pick(rng, NEXT_STEPS),
        next_step_date: isoDay(nowMs + Math.round((pick(rng, [-2, 0, 2, 5, 9]) as number) * DAY_MS)),
        meeting_date: status === "meeting_scheduled" ? isoDay(nowMs + 4 * DAY_MS) : null,
      };
    case "passed":
      return { ...none, pass_reason: pick(rng, PASS_REASONS_SEEN) };
    default:
      return none;
  }
}
