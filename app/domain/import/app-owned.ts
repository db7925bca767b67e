/**
 * The user-owned columns a re-import must not take back once the founder has set them in the app
 * (docs/product.md, "Re-import"): the tracker they imported is older than what they did since.
 * Each group moves together: a currency without its amount, or a date without its step, would be
 * half of someone else's value. The last-contact date (only forward) and the notes (kept once
 * edited here) have rules of their own.
 */
export const APP_OWNED_GROUPS: readonly (readonly string[])[] = [
  ["relationshipStatus"],
  ["amount", "amountCurrency"],
  ["nextStep", "nextStepDate"],
  ["meetingDate"],
  ["passReason", "passNote"],
  // Who looks after them (decision 062): once given in the app, a re-import's Owner column does not take it back.
  ["ownerMemberId"],
];

const GROUP_OF = new Map(APP_OWNED_GROUPS.flatMap((group) => group.map((column) => [column, group] as const)));

/** The columns an app edit setting `columns` makes the founder's, added to those already theirs (sorted, no repeats). */
export function appOwnedAfterEdit(owned: readonly string[], columns: Iterable<string>): string[] {
  const next = new Set(owned);
  for (const column of columns) for (const member of GROUP_OF.get(column) ?? []) next.add(member);
  return [...next].sort();
}

/** The founder's app-owned columns in plain words, for the import preview ("status, next step"). */
export function appOwnedWords(columns: readonly string[]): string {
  const words: Record<string, string> = {
    relationshipStatus: "status",
    amount: "amount",
    nextStep: "next step",
    meetingDate: "meeting date",
    passReason: "pass reason",
    ownerMemberId: "owner",
  };
  return columns
    .map((column) => words[column])
    .filter((word): word is string => word !== undefined)
    .join(", ");
}
