import { cleanIntroText, cleanPersonName, personNameKey } from "../intros.ts";

/**
 * A sheet's Intro via cell (docs/product.md#warm-intros, decision 065): the people who can introduce
 * the team to this investor, as founders write them — "Erik Solberg, Lena Berg", "Erik Solberg
 * (ex-colleague)", "Erik Solberg <erik@x.no>", "erik@x.no", "via Erik & Lena". Read in one pass
 * over at most MAX_INTRO_CELL characters, at most MAX_INTRO_PEOPLE people a cell.
 */

/** One person a cell names: the name, the address written with it, the words in brackets, the item as written. */
export type IntroVia = { name: string; email?: string; note?: string; written: string };

export const MAX_INTRO_CELL = 1_000;
export const MAX_INTRO_PEOPLE = 10;
const MAX_NOTE = 200;

/**
 * Separators between people at the top level (outside brackets): , ; / & | and newlines; " and ",
 * " og ", " och " as words. Not "+": a bare address may carry one (erik+vc@x.no).
 */
const SEPARATOR_CHARS = new Set([",", ";", "/", "&", "|", "\n", "\r", "；", "、"]);
// Not " y " or " e ": Spanish and Portuguese names hold them ("Ortega y Gasset", "Silva e Costa").
const SEPARATOR_WORDS = [" and ", " og ", " och "];

/** The people a cell names, in the order written, each once (case and accents ignored). */
export function readIntroVia(cell: string): IntroVia[] {
  const text = cell.slice(0, MAX_INTRO_CELL);
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] as string;
    if (char === "(" || char === "<" || char === "[") depth++;
    else if ((char === ")" || char === ">" || char === "]") && depth > 0) depth--;
    else if (depth === 0) {
      if (SEPARATOR_CHARS.has(char)) {
        items.push(text.slice(start, at));
        start = at + 1;
        continue;
      }
      if (char === " ") {
        // Checked only at a space, each word a few characters long: the scan stays linear.
        const word = SEPARATOR_WORDS.find((candidate) => text.startsWith(candidate, at) || text.startsWith(candidate.toUpperCase(), at));
        if (word) {
          items.push(text.slice(start, at));
          start = at + word.length - 1;
          at = start;
        }
      }
    }
  }
  items.push(text.slice(start));
  const people: IntroVia[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (people.length >= MAX_INTRO_PEOPLE) break;
    const person = readPerson(item);
    if (!person) continue;
    const key = personNameKey(person.name);
    if (seen.has(key)) continue;
    seen.add(key);
    people.push(person);
  }
  return people;
}

const EMAIL = /^[^\s@<>()]{1,64}@[^\s@<>()]{1,190}\.[^\s@<>()]{2,24}$/;

/** One item: "Erik Solberg (ex-colleague) <erik@x.no>" → name, address, note; an address alone names its person by its local part. */
function readPerson(raw: string): IntroVia | undefined {
  const written = raw.replace(/\s+/g, " ").trim();
  if (written === "") return undefined;
  let rest = written;
  let email: string | undefined;
  const notes: string[] = [];
  // Bracketed parts taken out in one pass: <address>, (note), [note].
  let plain = "";
  let depth = 0;
  let inner = "";
  let closer = "";
  for (const char of rest) {
    if (depth === 0 && (char === "<" || char === "(" || char === "[")) {
      depth = 1;
      closer = char === "<" ? ">" : char === "(" ? ")" : "]";
      inner = "";
      continue;
    }
    if (depth > 0) {
      if (char === closer) {
        depth = 0;
        const value = inner.trim();
        if (EMAIL.test(value)) email ??= value.toLowerCase();
        else if (value !== "") notes.push(value);
      } else inner += char;
      continue;
    }
    plain += char;
  }
  if (depth > 0 && inner.trim() !== "") notes.push(inner.trim());
  rest = plain.replace(/^(?:intro\s+)?(?:via|through|from|by)\s+/i, "").trim();
  // An address written bare, alone or beside the name ("erik@x.no", "Erik erik@x.no").
  const words = rest.split(" ");
  const bare = words.find((word) => EMAIL.test(word));
  if (bare) {
    email ??= bare.toLowerCase();
    rest = words.filter((word) => word !== bare).join(" ");
  }
  let name = cleanPersonName(rest.replace(/^[-–—:'"“”]+|[-–—:'"“”.]+$/g, ""));
  if (name === "" && email) name = nameOfAddress(email);
  if (name === "" || !/\p{L}/u.test(name)) return undefined;
  const note = cleanIntroText(notes.join("; "), MAX_NOTE);
  // The sheet's words become the path's evidence on the page: no bidi override or zero-width mark in them.
  return { name, ...(email ? { email } : {}), ...(note ? { note } : {}), written: cleanIntroText(written, MAX_NOTE) };
}

/** "erik.solberg@x.no" → "Erik Solberg": a person named by their address alone. */
function nameOfAddress(email: string): string {
  // "erik+vc@x.no": the part after + is a mailbox's tag, not the name.
  const local = (email.split("@")[0] ?? "").split("+")[0] ?? "";
  return cleanPersonName(
    local
      .split(/[._-]+/)
      .filter(Boolean)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join(" "),
  );
}

/**
 * "via Erik & Lena" beside "Erik Solberg" and "Lena Berg" elsewhere in the sheet: a bare first name
 * that is the first name of exactly one full name the sheet gives becomes that person (a
 * walkthrough saw four people made of two). Two full names sharing it leave it as written: the
 * sheet did not say which. Rows are changed in place; linear in the names.
 */
export function joinFirstNames(rows: ReadonlyArray<{ intro_via?: IntroVia[] }>): void {
  const fullByFirst = new Map<string, string | null>();
  for (const row of rows) {
    for (const person of row.intro_via ?? []) {
      const key = personNameKey(person.name);
      const space = key.indexOf(" ");
      if (space <= 0) continue;
      const first = key.slice(0, space);
      const known = fullByFirst.get(first);
      if (known === undefined) fullByFirst.set(first, person.name);
      else if (known !== null && personNameKey(known) !== key) fullByFirst.set(first, null);
    }
  }
  for (const row of rows) {
    if (!row.intro_via) continue;
    const seen = new Set<string>();
    row.intro_via = row.intro_via.flatMap((person) => {
      const key = personNameKey(person.name);
      const full = key.includes(" ") ? undefined : fullByFirst.get(key);
      const named = full ? { ...person, name: full } : person;
      // "Erik Solberg, Erik" on one row is one path.
      const namedKey = personNameKey(named.name);
      if (seen.has(namedKey)) return [];
      seen.add(namedKey);
      return [named];
    });
  }
}

/** "12 intro paths through 9 people" (or "" when there are none): the preview's and the summary's words. */
export function introPathsSentence(paths: number, people: number): string {
  if (paths === 0) return "";
  return `${paths} intro ${paths === 1 ? "path" : "paths"} through ${people} ${people === 1 ? "person" : "people"}`;
}

/** The paths a plan's rows name and the people they run through (names counted once). */
export function countIntroVia(rows: Iterable<{ intro_via?: readonly IntroVia[] }>): { paths: number; people: number } {
  let paths = 0;
  const people = new Set<string>();
  for (const row of rows) {
    for (const person of row.intro_via ?? []) {
      paths++;
      people.add(personNameKey(person.name));
    }
  }
  return { paths, people: people.size };
}

/** What an older import wrote into the notes ("Intro path: Erik Solberg"), read back as people once (decision 065). */
export function introViaOfNotes(notes: string | null): IntroVia[] {
  if (!notes) return [];
  const cells: string[] = [];
  for (const line of notes.slice(0, 20_000).split("\n")) {
    const trimmed = line.trim();
    if (trimmed.startsWith(INTRO_NOTE_PREFIX)) cells.push(trimmed.slice(INTRO_NOTE_PREFIX.length));
  }
  return cells.length === 0 ? [] : readIntroVia(cells.join(", "));
}

/** The line an import wrote before intro paths were kept (app/domain/today.ts says the same: INTRO_PATH_LINE). */
const INTRO_NOTE_PREFIX = "Intro path:";
