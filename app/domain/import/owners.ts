import { fold } from "../palette-search.ts";
import type { ImportPlan } from "./plan.ts";

/**
 * The Owner column of a founder's sheet (decision 062): "Maren", "maren olsen", "Maren O.",
 * "Jonás" → a member of the team. Unmatched names are kept to say so ("Jonas (22 rows) is not on
 * your team yet"), and their rows are imported without an owner: never a line of the notes.
 */

export type TeamMember = { id: number; name: string };

/** A name as its words: accents and case folded, punctuation gone ("Maren O." → ["maren", "o"]). */
function words(name: string): string[] {
  return fold(name)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/**
 * The member a cell names, or undefined: the whole name; else the first name with each further
 * word the start of the member's next ones ("Maren O." for Maren Olsen), when only one member fits;
 * else the first name alone when it is one member's only.
 */
export function matchOwner(cell: string, team: readonly TeamMember[]): number | undefined {
  const given = words(cell);
  if (given.length === 0) return undefined;
  const named = team.map((member) => ({ id: member.id, words: words(member.name) }));
  const whole = named.filter((member) => member.words.join(" ") === given.join(" "));
  if (whole.length === 1) return whole[0]!.id;
  const fits = named.filter(
    (member) => member.words[0] === given[0] && given.slice(1).every((word, index) => member.words[index + 1]?.startsWith(word) ?? false),
  );
  return fits.length === 1 ? fits[0]!.id : undefined;
}

/** A name the team does not have, and on how many rows it is. */
export type UnmatchedOwner = { name: string; rows: number };

/**
 * The plan with each row's Owner cell turned into its member (`owner_member_id`, and "owner"
 * among the columns it gives), and the names no member has, most rows first. A row whose name is
 * not matched gives no owner, so a re-import leaves an owner the app has alone.
 */
export function assignOwners(plan: ImportPlan, team: readonly TeamMember[]): { plan: ImportPlan; unmatched: UnmatchedOwner[] } {
  const memo = new Map<string, number | undefined>();
  const unmatched = new Map<string, UnmatchedOwner>();
  const assign = <T extends ImportPlan["create"][number]>(row: T): T => {
    if (!row.owner) return row;
    const key = words(row.owner).join(" ");
    if (!memo.has(key)) memo.set(key, matchOwner(row.owner, team));
    const id = memo.get(key);
    if (id === undefined) {
      const seen = unmatched.get(key) ?? { name: row.owner, rows: 0 };
      seen.rows++;
      unmatched.set(key, seen);
      return row;
    }
    return { ...row, owner_member_id: id, given: row.given.includes("owner") ? row.given : [...row.given, "owner"] };
  };
  return {
    plan: { ...plan, create: plan.create.map(assign), update: plan.update.map(assign) },
    unmatched: [...unmatched.values()].sort((a, b) => b.rows - a.rows || a.name.localeCompare(b.name)),
  };
}

/** The preview's and the summary's words for the unmatched names, or "" when every name is a member. */
export function unmatchedOwnersSentence(unmatched: readonly UnmatchedOwner[]): string {
  if (unmatched.length === 0) return "";
  const listed = unmatched.slice(0, 5).map((owner) => `${owner.name} (${owner.rows} ${owner.rows === 1 ? "row" : "rows"})`);
  const more = unmatched.length > 5 ? ` and ${unmatched.length - 5} more` : "";
  const verb = unmatched.length === 1 ? "is" : "are";
  return `${listed.join(", ")}${more} ${verb} not on your team yet — invite them on /settings. Their rows are imported without an owner.`;
}
