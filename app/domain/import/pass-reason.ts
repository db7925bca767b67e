import { PASS_REASONS, type PassReason, foldWord } from "../vocabulary.ts";

/** Why an investor passed, in the words lists use ("Too early", "not our thesis", "ticket too small"). Pure. */

const WORDS: ReadonlyArray<readonly [PassReason, RegExp]> = [
  ["too_early", /\b(?:too early|early|pre ?revenue|traction|come back)\b/],
  ["not_our_sector", /\b(?:sector|thesis|focus|not a fit|outside|space|vertical|market)\b/],
  ["cheque_size", /\b(?:cheque|check|ticket|size|too (?:small|big|large))\b/],
  ["timing", /\b(?:timing|fund (?:is )?(?:closed|deployed|full)|not investing|bandwidth|later)\b/],
  ["no_reason_given", /\b(?:no reason|none given|ghost(?:ed)?|no answer|unknown|n ?a)\b/],
];

/** The reason a cell names, or undefined when its words are none of the list's. */
export function passReasonOfWords(text: string): PassReason | undefined {
  const folded = foldWord(text.slice(0, 200));
  if (folded === "") return undefined;
  const exact = PASS_REASONS.find((reason) => reason === folded.replace(/ /g, "_"));
  if (exact) return exact;
  for (const [reason, pattern] of WORDS) if (pattern.test(folded)) return reason;
  return undefined;
}
