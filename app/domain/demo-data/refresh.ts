import { IN_PROCESS_STATUSES } from "../scoring.ts";
import { INVESTOR_KINDS, STAGES, isClosedStatus } from "../vocabulary.ts";
import { ALL_SECTORS } from "./cast.ts";
import { type Author, draftFor, draftRedFlag, evidenceUrl, hostOf, toEvidence } from "./evidence.ts";
import { between, chance, intBetween, pick, rngFor, sha256Hex } from "./random.ts";
import { activityPoints, clampScore, fitFrom } from "./signals.ts";
import { DAY_MS } from "./text.ts";
import type { DemoRefreshInput, DemoRefreshUpdate } from "./types.ts";

/**
 * The simulated refresh (route #15): no search, no model; it picks who a real refresh would
 * check and invents a little fresh evidence for them.
 */

const IN_PROCESS: ReadonlySet<string> = IN_PROCESS_STATUSES;

function refreshPriority(investor: DemoRefreshInput): number {
  let priority = 0;
  if (investor.signal_activity === null) priority += 40; // never checked: no data yet
  if (IN_PROCESS.has(investor.relationship_status)) priority += 30; // conversations in flight
  priority += (investor.signal_fit ?? 50) * 0.3;
  if (investor.signal_red_flag !== null) priority -= 15; // rarely changes week to week
  return priority;
}

function authorOf(investor: DemoRefreshInput): Author {
  const kind = INVESTOR_KINDS.find((k) => k === investor.kind) ?? (investor.firm ? "fund" : "angel");
  const stages = (investor.stages ?? []).flatMap((s) => STAGES.filter((stage) => stage === s));
  const firm = investor.firm ?? null;
  return {
    name: investor.name,
    firm,
    kind,
    sectors: investor.sectors && investor.sectors.length > 0 ? investor.sectors : ALL_SECTORS,
    stages: stages.length > 0 ? stages : ["seed"],
    host: hostOf(firm),
  };
}

function refreshOne(
  investor: DemoRefreshInput,
  index: number,
  raiseFlag: boolean,
  nowMs: number,
  stamp: string,
  seed: number,
): DemoRefreshUpdate {
  const rng = rngFor(seed, stamp, "refresh", investor.name);
  const author = authorOf(investor);
  const roll = rng();
  let count = roll < 0.3 ? 0 : roll < 0.75 ? 1 : 2;
  // A first check that finds nothing would leave "no data"; the demo always finds something.
  if (investor.signal_activity === null || raiseFlag) count = Math.max(count, 1);

  const used = new Set<string>();
  const drafted = Array.from({ length: count }, (_, k) => {
    const ageDays = between(rng, 0.05, 3.9);
    const publishedMs = Math.round(nowMs - ageDays * DAY_MS);
    const at = new Date(publishedMs);
    const draft =
      raiseFlag && k === 0
        ? draftRedFlag(rng, pick(rng, ["paused", "left", "conflict"] as const), author, used, at)
        : draftFor(
            rng,
            pick(rng, [
              "deal",
              "deal",
              "deal",
              "thesis_or_content",
              "thesis_or_content",
              "new_fund",
              "hire_or_departure",
              "irrelevant",
            ] as const),
            author,
            used,
            at,
          );
    // The token keeps URLs unique per (seed, now), so each refresh adds rows instead of colliding.
    const token = sha256Hex([seed, stamp, investor.name, k].join("\u0000")).slice(0, 8);
    const url = evidenceUrl(rng, draft, author, at, `-${token}`);
    return { draft, row: toEvidence(draft, url, at.toISOString(), stamp) };
  });
  const rows = drafted.map((d) => d.row);

  const prior = investor.signal_activity ?? intBetween(rng, 4, 10);
  // Slight fade since the last check, then the new evidence.
  const activity = clampScore(prior * 0.92 + activityPoints(rows, nowMs));
  const fit = investor.signal_fit ?? (rows.length > 0 ? fitFrom(rng, rows) : null);
  const redFlag = drafted.find((d) => d.draft.redFlag !== null)?.draft.redFlag ?? investor.signal_red_flag;
  const newHook = drafted.find((d) => d.draft.hook !== null)?.draft.hook ?? null;
  const hook = redFlag === null ? (newHook ?? investor.signal_hook ?? null) : (investor.signal_hook ?? null);

  return {
    index,
    signal_activity: activity,
    signal_fit: fit,
    signal_hook: hook,
    signal_red_flag: redFlag,
    new_evidence: rows,
  };
}

/**
 * One simulated refresh over the demo set (pass it ordered by name, as buildDemoInvestors
 * returns it; `index` in each update is the position in this array). Skips passed, not_a_fit
 * and committed investors, checks 12–20 of the rest, and raises at most one new red flag.
 * Same investors, `now` and seed → the same updates.
 */
export function simulateDemoRefresh(investors: readonly DemoRefreshInput[], now: Date, seed: number): DemoRefreshUpdate[] {
  const nowMs = now.getTime();
  const stamp = now.toISOString();
  const runRng = rngFor(seed, stamp, "refresh-run");

  const ranked = investors
    .map((investor, index) => ({ investor, index }))
    .filter(({ investor }) => !isClosedStatus(investor.relationship_status))
    .map(({ investor, index }) => ({
      investor,
      index,
      priority: refreshPriority(investor) + rngFor(seed, stamp, "priority", investor.name)() * 40,
    }))
    .sort((a, b) => b.priority - a.priority || a.index - b.index);

  const selected = ranked.slice(0, Math.min(ranked.length, intBetween(runRng, 12, 20))).sort((a, b) => a.index - b.index);
  const flaggable = selected.filter(({ investor }) => investor.signal_red_flag === null);
  const flagIndex = flaggable.length > 0 && chance(runRng, 0.4) ? pick(runRng, flaggable).index : null;

  return selected.map(({ investor, index }) => refreshOne(investor, index, index === flagIndex, nowMs, stamp, seed));
}
