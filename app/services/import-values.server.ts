import { deleteState, readState, writeState } from "#db/queries/app-state.server.ts";
import type { App } from "../app-context.ts";
import { type ValueField, choiceKey, guessChoice, isChoice, isValueField, valueKey } from "../domain/import/values.ts";

/**
 * What a founder said a value of a fixed-vocabulary column means ("Ghosted" is passed, "Parked"
 * is researching), remembered for the next file (decision 052), in app_state: one JSON object of
 * field and value key → choice. Only choices that differ from the app's guess are kept; the
 * newest MAX_KEPT win.
 */

const KEY = "import_values";
const MAX_KEPT = 2_000;
/** Choices read from one form: one per listed value at most. */
const MAX_POSTED = 4 * 300;

export function recallValueChoices(app: App): Map<string, string> {
  const saved = readState(app.db, KEY);
  if (saved === undefined) return new Map();
  try {
    const parsed: unknown = JSON.parse(saved);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return new Map();
    return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return new Map();
  }
}

/**
 * The preview form's value selects (`value.<field>.<value key>`) → the founder's choices: a
 * select left on the app's guess (or on "Choose…") is no choice.
 */
export function postedValueChoices(form: FormData): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const [name, raw] of form.entries()) {
    if (chosen.size >= MAX_POSTED) break;
    if (typeof raw !== "string" || raw === "" || !name.startsWith("value.")) continue;
    const dot = name.indexOf(".", 6);
    const field = name.slice(6, dot);
    if (dot === -1 || !isValueField(field)) continue;
    const key = valueKey(name.slice(dot + 1), field);
    if (key === "" || !isChoice(field, raw)) continue;
    const guess = guessChoice(field, key);
    if ("choice" in guess && guess.choice === raw) continue;
    chosen.set(choiceKey(field, key), raw);
  }
  return chosen;
}

/** After an import: the choices made for this file join those kept (a choice back to the guess forgets it). */
export function rememberValueChoices(
  app: App,
  chosen: ReadonlyMap<string, string>,
  shown: ReadonlyArray<{ field: ValueField; key: string }>,
): void {
  if (shown.length === 0) return;
  const kept = recallValueChoices(app);
  for (const { field, key } of shown) {
    const id = choiceKey(field, key);
    const choice = chosen.get(id);
    kept.delete(id);
    if (choice !== undefined) kept.set(id, choice);
  }
  const newest = [...kept].slice(-MAX_KEPT);
  if (newest.length === 0) deleteState(app.db, KEY);
  else writeState(app.db, KEY, JSON.stringify(Object.fromEntries(newest)), app.now());
}
