import { fold } from "../palette-search.ts";
import { byFollowUpOrder } from "../today.ts";
import type { ChatInvestor } from "./schema.ts";

/**
 * "What does Jonas have due?" (decision 062): a question naming a member of the team and asking
 * what is due on their side. The follow-ups due of the investors they own, in Today's order. Pure.
 */

/** A member's follow-ups as the chat's context carries them: their name, how many, and the first few listed. */
export type ChatOwnerDue = { name: string; follow_ups: number };

const DUE_WORDS = / (?:due|follow ups?|followups?|follow up|to do|todo|chase|on (?:his|her|their) plate|owes?) /;

/** What is due, as a member asks about their own: a follow-up, a to-do, something due. */
const OWN_DUE = / (?:due|follow ups?|followups?|follow up|to do|todo|on my plate) /;

function words(text: string): string {
  return ` ${fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

/**
 * The member a question asks about, or undefined: their whole name or their first name as whole
 * words (a first name two members share names neither), with a word of what is due.
 */
export function ownerAsked(message: string, team: readonly string[], asker?: string): string | undefined {
  const text = words(message.slice(0, 500));
  if (!DUE_WORDS.test(text)) return undefined;
  // "What do I have due?", "my follow-ups": the member asking (a founder's walkthrough got the team's
  // list). Not "who should I not chase?": that asks about the pipeline, so "chase" is no due word here.
  if (asker && team.includes(asker) && OWN_DUE.test(text) && / (?:do i|i have|have i|my|mine|me|myself) /.test(text)) return asker;
  const whole = team.filter((name) => words(name).trim() !== "" && text.includes(words(name)));
  if (whole.length === 1) return whole[0];
  const firstOf = (name: string) => words(name).trim().split(" ")[0] ?? "";
  // Two members named Jonas both match by first name: then the question names neither.
  const byFirst = team.filter((name) => firstOf(name) !== "" && text.includes(` ${firstOf(name)} `));
  return byFirst.length === 1 ? byFirst[0] : undefined;
}

/** The follow-ups due of the investors `owner` owns, in Today's order. */
export function ownerFollowUps(investors: readonly ChatInvestor[], owner: string): ChatInvestor[] {
  return investors.filter((investor) => investor.owner === owner && investor.action === "follow_up").sort(byFollowUpOrder);
}

/** The rule answer's sentence: "Jonas has 3 follow-ups due: A, B (last contact …) and C." */
export function ownerDueSentence(
  due: ChatOwnerDue,
  listed: readonly ChatInvestor[],
  cite: (investors: readonly ChatInvestor[]) => readonly ChatInvestor[],
  name: (investor: ChatInvestor) => string,
  max: number,
): string {
  const first = due.name.split(" ")[0] ?? due.name;
  if (due.follow_ups === 0) return `${first} has no follow-ups due.`;
  const shown = cite(ownerFollowUps(listed, due.name).slice(0, max));
  const items = shown.map(
    (investor) =>
      `${name(investor)} (${investor.next_step_date ? `next step ${investor.next_step_date}` : `last contact ${investor.last_contact_date ?? "never"}`})`,
  );
  const more = due.follow_ups > shown.length ? `, and ${due.follow_ups - shown.length} more` : "";
  return `${first} has ${due.follow_ups === 1 ? "1 follow-up" : `${due.follow_ups} follow-ups`} due${items.length > 0 ? `: ${items.join(", ")}${more}` : ""}.`;
}
