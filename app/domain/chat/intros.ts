import { INTRO_STATE_LABELS, type IntroPath } from "../intros.ts";
import { type WarmPath, pathEvidenceLine } from "../warm-path.ts";
import { oneLine } from "./context.ts";
import { normalize } from "./question.ts";
import type { ChatAnswer, ChatContext, ChatIntros, IntroQuestion } from "./schema.ts";

/**
 * The chat's warm-intro questions (decision 065): "who can introduce me to Northzone?" (the paths
 * to that firm's investors, with their strength and evidence) and "who introduced us to Kristin
 * Lund?" (an introduced path: who, when, marked by whom; else none recorded). The service reads
 * the named investors' paths; the model sees them as context lines, and the rule answer below is
 * what the chat says when no model answers. Pure.
 */

/** How many named investors an intro answer covers. */
export const MAX_INTRO_INVESTORS = 5;

/** Which warm-intro question a message asks, if any: patterns on the normalized, padded text. */
export function readIntroQuestion(message: string): IntroQuestion | undefined {
  const text = ` ${normalize(message.slice(0, 500))} `;
  if (/ who (?:introduced|intro d|made the intro(?:duction)?|did the intro(?:duction)?) /.test(text)) return "who_introduced";
  if (/ how did (?:we|i) (?:meet|get introduced|get an intro) /.test(text)) return "who_introduced";
  if (/ (?:who|anyone|someone|somebody|anybody) (?:can|could|would|might) (?:introduce|intro|connect) /.test(text))
    return "who_can_introduce";
  if (/ (?:warm )?(?:intro|introduction) paths? | warm (?:intro|introduction|path)s? (?:to|into|for) | path (?:to|into) /.test(text))
    return "who_can_introduce";
  return undefined;
}

function asWarm(path: IntroPath): WarmPath {
  return {
    path_id: path.id,
    person: path.person?.name ?? null,
    member: path.member?.name ?? null,
    source: path.source,
    tier: path.tier,
    evidence: path.evidence,
    state: path.state,
    asked_on: path.asked_on,
  };
}

function who(path: IntroPath): string {
  if (path.person) return oneLine(path.person.name, 120);
  return path.member ? `${oneLine(path.member.name, 80)}'s own mail` : "your own mail";
}

function stateWords(path: IntroPath): string {
  if (path.state === "to_ask") return "not asked yet";
  if (path.state === "asked") return path.asked_on ? `asked on ${path.asked_on}` : "asked";
  return INTRO_STATE_LABELS[path.state].toLowerCase();
}

function investorLabel(investor: { name: string; firm: string | null }): string {
  const firm = oneLine(investor.firm, 120);
  const name = oneLine(investor.name, 120) || "(no name)";
  return firm && firm !== name ? `${name} (${firm})` : name;
}

/** One path in words: "Erik Solberg: Strong path · Lena knows Erik · Erik and kristin@fjord.vc were on 4 threads; asked on 2026-11-26". */
function pathLine(path: IntroPath): string {
  return `${who(path)}: ${oneLine(pathEvidenceLine(asWarm(path)), 300)}; ${stateWords(path)}`;
}

/** The statuses that close the door, in the words the answer uses. */
const CLOSED_WORDS: Record<string, string> = { passed: "passed", not_a_fit: "is marked not a fit" };

/** The context's lines for the model: every path to each named investor, with its id. */
export function introContextLines(intros: ChatIntros): string[] {
  return intros.investors.map((investor) => {
    const paths = investor.paths.length === 0 ? "none recorded" : investor.paths.map(pathLine).join(" / ");
    const closed = CLOSED_WORDS[investor.relationship_status ?? ""];
    return `Intro paths to id=${investor.id} ${investorLabel(investor)}${closed ? ` (${closed}: don't chase)` : ""}: ${paths}`;
  });
}

/** The context with the intro question's investors and their paths added (the model answers from it). */
export function withIntros(context: ChatContext, intros: ChatIntros): ChatContext {
  return { ...context, intros, text: [context.text, ...introContextLines(intros)].join("\n") };
}

/** The rule answer to a warm-intro question, citing exactly the investors it names. */
export function introAnswer(intros: ChatIntros): ChatAnswer {
  const investors = intros.investors.slice(0, MAX_INTRO_INVESTORS);
  if (investors.length === 0) {
    return {
      answer:
        'I could not find that investor or firm here. Name them as they are in your pipeline, e.g. "who can introduce me to Northzone?"',
      investor_ids: [],
    };
  }
  const sentences = investors.map((investor) =>
    intros.question === "who_introduced" ? introducedSentence(investor) : canIntroduceSentence(investor),
  );
  return { answer: sentences.join(" "), investor_ids: investors.map((investor) => investor.id) };
}

function canIntroduceSentence(investor: ChatIntros["investors"][number]): string {
  const live = investor.paths.filter((path) => path.state !== "declined");
  const declined = investor.paths.filter((path) => path.state === "declined").map(who);
  const after = declined.length > 0 ? ` Declined: ${declined.join(", ")}.` : "";
  // Someone who passed is not to be chased, warm or cold: said first, so the paths read as a record, not advice.
  const closed = CLOSED_WORDS[investor.relationship_status ?? ""];
  const before = closed ? `${investorLabel(investor)} ${closed}: don't chase, even through a warm intro. ` : "";
  if (live.length === 0) return `${before}No warm path to ${investorLabel(investor)} is recorded.${after}`;
  return `${before}${closed ? "Recorded paths" : "To"} ${closed ? "to them" : investorLabel(investor)}: ${live.map(pathLine).join("; ")}.${after}`;
}

function introducedSentence(investor: ChatIntros["investors"][number]): string {
  const made = investor.paths.filter((path) => path.state === "introduced");
  if (made.length === 0) {
    const waiting = investor.paths.filter((path) => path.state === "asked" || path.state === "agreed");
    const note = waiting.length > 0 ? ` Waiting: ${waiting.map((path) => `${who(path)} (${stateWords(path)})`).join(", ")}.` : "";
    return `No introduction to ${investorLabel(investor)} is recorded.${note}`;
  }
  return made
    .map((path) => {
      const on = path.state_at ? ` on ${path.state_at.slice(0, 10)}` : "";
      const by = path.state_by ? `, marked by ${oneLine(path.state_by, 80)}` : "";
      return `${who(path)} introduced you to ${investorLabel(investor)}${on}${by}.`;
    })
    .join(" ");
}
