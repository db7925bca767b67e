import type { InvestorProfile } from "../investor.ts";
import type { ImportRow } from "./rows.ts";

/**
 * A parsed row as small as its values (decision 072). A file's 20,000 rows are held from the
 * parse through the plan, and each row's lists came out of the profile's schema and the row
 * reader built by `push`, which gives an array room for 17 items whatever it holds: six lists a
 * row were 11.6 MB of the 34 MB a 20,000 × 21 workbook's rows took. Here a list is held at its
 * length, and the lists and short texts a sheet repeats on every row (its stages, its countries,
 * "Send deck", the owner, the dates) are held once for the file. Shared lists are frozen: nothing
 * after the parse changes a row's lists in place. Pure; a row's values are unchanged.
 */

/** What one parse holds once: equal short texts, and equal lists of them. Bounded whatever the file. */
export type SharedValues = { texts: Map<string, string>; lists: Map<string, readonly string[]> };

export function sharedValues(): SharedValues {
  return { texts: new Map(), lists: new Map() };
}

/** Distinct texts and lists one parse shares; past them a value is held as it is. */
const MAX_SHARED = 20_000;
/** Texts longer than this are a row's own (a name, an email, a note). */
const MAX_SHARED_CHARS = 64;

const NONE: readonly string[] = Object.freeze([]);

function text(shared: SharedValues, value: string): string {
  if (value.length > MAX_SHARED_CHARS) return value;
  const known = shared.texts.get(value);
  if (known !== undefined) return known;
  if (shared.texts.size < MAX_SHARED) shared.texts.set(value, value);
  return value;
}

function list<T extends string>(shared: SharedValues, values: readonly T[]): T[] {
  if (values.length === 0) return NONE as T[];
  const key = values.join("\u001f");
  const known = shared.lists.get(key);
  if (known !== undefined) return known as T[];
  const own = Object.freeze(values.map((value) => text(shared, value)));
  if (key.length <= MAX_SHARED_CHARS * 4 && shared.lists.size < MAX_SHARED) shared.lists.set(key, own);
  return own as T[];
}

const TEXT_FIELDS = ["last_contact_date", "next_step", "next_step_date", "meeting_date", "owner", "pass_note"] as const;

export function compactRow(row: ImportRow, shared: SharedValues): ImportRow {
  const profile: InvestorProfile = { ...row.profile };
  if (profile.sectors) profile.sectors = list(shared, profile.sectors);
  if (profile.stages) profile.stages = list(shared, profile.stages);
  if (profile.geographies) profile.geographies = list(shared, profile.geographies);
  if (profile.based_in) profile.based_in = text(shared, profile.based_in);
  if (profile.firm) profile.firm = text(shared, profile.firm);
  const compact: ImportRow = {
    ...row,
    profile,
    given: list(shared, row.given),
    skipped: row.skipped.length === 0 ? [] : row.skipped.slice(),
  };
  for (const field of TEXT_FIELDS) {
    const value = compact[field];
    if (value !== undefined) compact[field] = text(shared, value);
  }
  if (compact.intro_via) compact.intro_via = compact.intro_via.slice();
  if (compact.chosen) compact.chosen = list(shared, compact.chosen);
  return compact;
}
