import { type RubricInvestor, listed, matchCheckSize, matchGeography, matchSector, matchStage } from "./match.ts";
import { MAX_WEIGHT, type Rubric, clamp } from "./schema.ts";
import type { Stage } from "../vocabulary.ts";

/**
 * The global fit signal (`signal_fit`, docs/product.md#resources): how an investor's declared
 * profile fits the founder's startups, as a number and a sentence. Pure.
 */

/** The profile parts matched against a rubric, in the founder's words. */
const PROFILE_PARTS = ["sector", "stage", "geography", "check_size"] as const;
const UNKNOWN_PART_NAMES: Record<(typeof PROFILE_PARTS)[number], string> = {
  sector: "sectors",
  stage: "stages",
  geography: "geography",
  check_size: "cheque size",
};

/**
 * The fit 0–100, its sentence, how much of the profile was known (0–100 of the weights), the
 * cheque part's degree 0–100 (Today's tie-break, null when unknown or open), and the reason a known
 * part is far off (decision 029: the investor is then not worth chasing for this startup).
 */
export type ProfileFit = {
  value: number | null;
  detail: string | null;
  known: number | null;
  cheque?: number | null;
  misfit?: string | null;
};

type ProfileInvestor = Pick<
  RubricInvestor,
  "sectors" | "stages" | "geographies" | "based_in" | "place_reach" | "place_reaches" | "check_min" | "check_max" | "check_currency"
>;

/** What a fit reads of a startup beside its rubric: the stage it raises (distance on the ladder counts from it). */
export type FitStartup = { name: string; rubric: Rubric; stage?: Stage | null };

export function profileMatches(investor: ProfileInvestor, rubric: Rubric, stage?: Stage | null) {
  return {
    sector: matchSector(investor.sectors, rubric.sector_keywords),
    stage: matchStage(investor.stages, rubric.stages, stage),
    geography: matchGeography(investor.geographies, rubric.geographies, investor.place_reach, investor.place_reaches, investor.based_in),
    check_size: matchCheckSize(investor.check_min, investor.check_max, rubric.check_size, investor.check_currency ?? null),
  };
}

/**
 * How the investor's declared profile (sectors, stages, geography, cheque size) fits one
 * startup's rubric, 0–100, weighted as the rubric weighs those parts, with a sentence such as
 * "Fits Ledgerly on fintech, Seed and Europe; cheque size not known". An unknown part earns
 * nothing; a profile with no known part at all is unknown (null), not zero.
 */
export function describeFit(investor: ProfileInvestor, rubric: Rubric, startupName: string, stage?: Stage | null): ProfileFit {
  const matches = profileMatches(investor, rubric, stage);
  if (PROFILE_PARTS.every((part) => matches[part].state === "unknown")) return { value: null, detail: null, known: null };
  // A part the startup leaves open ("any cheque size") says nothing about this investor: it is
  // left out of the fit rather than counted as a match everyone gets.
  const weights: number[] = PROFILE_PARTS.map((part) => {
    const weight = rubric.weights[part];
    return matches[part].state === "any" || !Number.isFinite(weight) ? 0 : clamp(weight, 0, MAX_WEIGHT);
  });
  // All weights at 0 counts the parts the startup constrains equally (as the rubric score does).
  const constrained = PROFILE_PARTS.map((part) => matches[part].state !== "any");
  if (!weights.some((weight) => weight > 0)) {
    for (const [index, open] of constrained.entries()) weights[index] = open ? 1 : 0;
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const fit = total === 0 ? 1 : PROFILE_PARTS.reduce((sum, part, index) => sum + (weights[index] ?? 0) * matches[part].value, 0) / total;

  // A part that half fits or better is named as a fit; a far miss says what they do instead.
  const fitting = (part: (typeof PROFILE_PARTS)[number]) =>
    matches[part].state === "match" || (matches[part].state === "partial" && matches[part].value >= 0.5);
  const fits = PROFILE_PARTS.filter(fitting)
    .map((part) => matches[part].words ?? "")
    .filter(Boolean);
  const misses = PROFILE_PARTS.filter(
    (part) => !fitting(part) && (matches[part].state === "miss" || matches[part].state === "partial"),
  ).map((part) => lowerFirst(matches[part].detail));
  // An unknown part with a note says it itself ("based in Paris (where they invest is not known)").
  const unknown = PROFILE_PARTS.filter((part) => matches[part].state === "unknown" && !matches[part].note).map(
    (part) => UNKNOWN_PART_NAMES[part],
  );
  const notes = PROFILE_PARTS.flatMap((part) => (matches[part].state === "unknown" ? (matches[part].note ?? []) : []));
  const value = clamp(Math.round(fit * 100), 0, 100);
  const knownWeight = PROFILE_PARTS.reduce((sum, part, index) => sum + (matches[part].state === "unknown" ? 0 : (weights[index] ?? 0)), 0);
  const known = total === 0 ? 100 : clamp(Math.round((100 * knownWeight) / total), 0, 100);
  const clauses: string[] = [];
  if (fits.length > 0 && (value >= 50 || misses.length === 0)) {
    clauses.push(`Fits ${startupName} on ${listed(fits, 4)}`);
    clauses.push(...misses);
  } else {
    clauses.push(misses.length > 0 ? `Little in common with ${startupName}: ${misses.join("; ")}` : `Little in common with ${startupName}`);
  }
  clauses.push(...notes);
  if (unknown.length > 0) clauses.push(`${listed(unknown, 4)} not known`);
  // The first far part (in the order a founder weighs them) is the reason to not chase; a part the rubric does not count is no reason.
  const misfit = PROFILE_PARTS.map((part, index) => ((weights[index] ?? 0) > 0 ? matches[part].far : undefined)).find(Boolean) ?? null;
  const chequeState = matches.check_size.state;
  const cheque = chequeState === "unknown" || chequeState === "any" ? null : Math.round(matches.check_size.value * 100);
  return { value, detail: clauses.join("; "), known, cheque, misfit };
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/**
 * `signal_fit` (docs/product.md#resources) and its sentence: the best profile fit over the founder's startups.
 * Null while there is no startup, or when the investor's profile says nothing matchable. A fit
 * with no far part beats any misfit: an investor is a misfit only when far off for every startup.
 */
export function profileFit(investor: ProfileInvestor, startups: ReadonlyArray<FitStartup>): ProfileFit {
  let best: ProfileFit = { value: null, detail: null, known: null, cheque: null, misfit: null };
  const rank = (fit: ProfileFit) => (fit.misfit ? 0 : 1000) + (fit.value ?? -1);
  for (const startup of startups) {
    const fit = describeFit(investor, startup.rubric, startup.name, startup.stage);
    if (fit.value !== null && (best.value === null || rank(fit) > rank(best))) best = fit;
  }
  return best;
}

/** The fit number alone (tests and the selection simulation). */
export function fitSignal(investor: RubricInvestor, rubrics: Rubric[]): number | null {
  return profileFit(
    investor,
    rubrics.map((rubric) => ({ name: "your startup", rubric })),
  ).value;
}
