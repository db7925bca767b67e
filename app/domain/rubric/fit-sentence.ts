import { type RubricInvestor, listed, matchCheckSize, matchGeography, matchSector, matchStage } from "./match.ts";
import { MAX_WEIGHT, type Rubric, clamp } from "./schema.ts";

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

/** The fit 0–100, its sentence, and how much of the profile was known (0–100 of the weights). */
export type ProfileFit = { value: number | null; detail: string | null; known: number | null };

function profileMatches(
  investor: Pick<RubricInvestor, "sectors" | "stages" | "geographies" | "place_reach" | "check_min" | "check_max" | "check_currency">,
  rubric: Rubric,
) {
  return {
    sector: matchSector(investor.sectors, rubric.sector_keywords),
    stage: matchStage(investor.stages, rubric.stages),
    geography: matchGeography(investor.geographies, rubric.geographies, investor.place_reach),
    check_size: matchCheckSize(investor.check_min, investor.check_max, rubric.check_size, investor.check_currency ?? null),
  };
}

/**
 * How the investor's declared profile (sectors, stages, geography, cheque size) fits one
 * startup's rubric, 0–100, weighted as the rubric weighs those parts, with a sentence such as
 * "Fits Ledgerly on fintech, Seed and Europe; cheque size not known". An unknown part earns
 * nothing; a profile with no known part at all is unknown (null), not zero.
 */
export function describeFit(
  investor: Pick<RubricInvestor, "sectors" | "stages" | "geographies" | "place_reach" | "check_min" | "check_max" | "check_currency">,
  rubric: Rubric,
  startupName: string,
): ProfileFit {
  const matches = profileMatches(investor, rubric);
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
  const unknown = PROFILE_PARTS.filter((part) => matches[part].state === "unknown").map((part) => UNKNOWN_PART_NAMES[part]);
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
  if (unknown.length > 0) clauses.push(`${listed(unknown, 4)} not known`);
  return { value, detail: clauses.join("; "), known };
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/**
 * `signal_fit` (docs/product.md#resources) and its sentence: the best profile fit over the founder's startups.
 * Null while there is no startup, or when the investor's profile says nothing matchable.
 */
export function profileFit(
  investor: Pick<RubricInvestor, "sectors" | "stages" | "geographies" | "place_reach" | "check_min" | "check_max" | "check_currency">,
  startups: ReadonlyArray<{ name: string; rubric: Rubric }>,
): ProfileFit {
  let best: ProfileFit = { value: null, detail: null, known: null };
  for (const startup of startups) {
    const fit = describeFit(investor, startup.rubric, startup.name);
    if (fit.value !== null && (best.value === null || fit.value > best.value)) best = fit;
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
