import { firstName } from "./intros.ts";

/**
 * The digest's line for intros waiting on someone (decision 065): "2 intros waiting: Erik (Kristin
 * Lund), Lena (Northzone)." An intro asked or agreed and not yet made is waiting on its connector.
 * Pure; the digest (app/domain/digest.ts) passes how names are written (folded to GSM-7).
 */

export type IntrosWaiting = {
  count: number;
  /** The oldest asked first, at most three: the connector and the investor. */
  first: ReadonlyArray<{ person: string; investor: string }>;
};

const NAMES_SHOWN = 3;
const PERSON_MAX = 20;
const INVESTOR_MAX = 24;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3).trimEnd()}...`;
}

/** The sentence, with names when `withNames` (the digest's richer rungs), else the count alone; "" with none waiting. */
export function introsWaitingSentence(intros: IntrosWaiting | undefined, write: (text: string) => string, withNames: boolean): string {
  if (!intros || intros.count === 0) return "";
  const head = intros.count === 1 ? "1 intro waiting" : `${intros.count} intros waiting`;
  const named = withNames
    ? intros.first
        .slice(0, NAMES_SHOWN)
        .map(({ person, investor }) => ({
          person: clip(write(firstName(person)).trim(), PERSON_MAX),
          investor: clip(write(investor).trim(), INVESTOR_MAX),
        }))
        .filter(({ person }) => /\p{L}/u.test(person))
        .map(({ person, investor }) => (/\p{L}/u.test(investor) ? `${person} (${investor})` : person))
    : [];
  if (named.length === 0) return `${head}.`;
  const rest = intros.count - named.length;
  return `${head}: ${named.join(", ")}${rest > 0 ? ` +${rest} more` : ""}.`;
}
