import {
  INVESTOR_KINDS,
  type InvestorKind,
  KIND_LABELS,
  PASS_REASON_LABELS,
  PASS_REASONS,
  type PassReason,
  RELATIONSHIP_STATUSES,
  type RelationshipStatus,
  STAGE_LABELS,
  STAGES,
  type Stage,
  STATUS_LABELS,
  kindOfWords,
  stagesOfWords,
} from "../vocabulary.ts";
import { ANY_SEPARATOR, isEmptyCell, splitList } from "./cells.ts";
import type { ColumnMapping } from "./fields.ts";
import { CURRENCIES, type Currency, currencyName, isCurrency } from "../currency.ts";
import { currencyOfCell } from "./money.ts";
import { passReasonOfWords } from "./pass-reason.ts";
import { foldStatus, guessStatus } from "./status-words.ts";

/**
 * The values of the columns with a fixed vocabulary (decision 052): each distinct value of a
 * file's Status, Stages, Kind and Why-they-passed columns, what the app guesses it means, and what
 * the founder chose. A value the app cannot guess is never a default: it is asked, and the import
 * waits for the answer. Pure; bounded (MAX_DISTINCT values a field are listed and asked).
 */

export const VALUE_FIELDS = ["relationship_status", "stages", "kind", "pass_reason", "check_currency", "amount_currency"] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

/** The founder's "leave it out": the cell is not imported, as they chose. */
export const SKIP = "skip";

/** Distinct values listed (and asked) per field; a column with more is almost surely not that field. */
export const MAX_DISTINCT = 300;
/** A value's key: folded, and cut so a form field name stays short. */
const MAX_KEY_CHARS = 100;

export const VALUE_FIELD_WORDS: Record<ValueField, { one: string; many: string }> = {
  relationship_status: { one: "status", many: "statuses" },
  stages: { one: "stage", many: "stages" },
  kind: { one: "kind", many: "kinds" },
  pass_reason: { one: "reason for passing", many: "reasons for passing" },
  check_currency: { one: "cheque currency", many: "cheque currencies" },
  amount_currency: { one: "amount currency", many: "amount currencies" },
};

export function isValueField(field: string): field is ValueField {
  return (VALUE_FIELDS as readonly string[]).includes(field);
}

/** The same value however it is written: case, accents, numbering and emoji do not count. */
export function valueKey(text: string, field?: ValueField): string {
  // A currency is often a sign alone ("€", "kr"): kept, where a status's emoji is dropped.
  if (field === "check_currency" || field === "amount_currency")
    return text.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, " ").slice(0, MAX_KEY_CHARS);
  return foldStatus(text).slice(0, MAX_KEY_CHARS);
}

/** The items a cell holds for a field: a stages cell is a list ("Seed, Series A +3"), the others one value. */
export function valueItems(field: ValueField, cell: string): string[] {
  if (field !== "stages") return isEmptyCell(cell) ? [] : [cell.trim()];
  return splitList(cell, ANY_SEPARATOR)
    .map((item) => item.replace(MORE, "").trim())
    .filter((item) => item !== "");
}

/** "+3", "Series A +3", "+ 12 more": a database's "and more", never a stage. */
const MORE = /(?:^|\s)\+\s*\d{1,4}(?:\s*more)?$/i;

export type Resolution =
  | { choice: string; source: "guess" | "you" | "remembered" }
  /** Not decided: "silence" (ghosted, no reply) or "unknown" (no word the app knows). */
  | { ask: "silence" | "unknown" };

/** Every active ISO 4217 currency, as the round's and the investor's selects list them. */
const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: `${code} (${currencyName(code)})` }));

/** Every choice a select offers for a field, with its label. */
export function choiceOptions(field: ValueField): Array<{ value: string; label: string }> {
  const skip = { value: SKIP, label: "Leave out" };
  if (field === "relationship_status")
    return [
      ...RELATIONSHIP_STATUSES.filter((status) => status !== "passed").map((status) => ({ value: status, label: STATUS_LABELS[status] })),
      { value: "passed", label: "Passed" },
      ...PASS_REASONS.filter((reason) => reason !== "other").map((reason) => ({
        value: `passed:${reason}`,
        label: `Passed: ${PASS_REASON_LABELS[reason].toLowerCase()}`,
      })),
      skip,
    ];
  if (field === "stages")
    return [
      ...STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] })),
      ...STAGES.slice(0, -1).map((stage, index) => {
        const next = STAGES[index + 1] as Stage;
        return { value: `${stage}+${next}`, label: `${STAGE_LABELS[stage]} and ${STAGE_LABELS[next]}` };
      }),
      skip,
    ];
  if (field === "kind") return [...INVESTOR_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })), skip];
  if (field === "check_currency" || field === "amount_currency") return [...CURRENCY_OPTIONS, skip];
  return [...PASS_REASONS.map((reason) => ({ value: reason, label: PASS_REASON_LABELS[reason] })), skip];
}

/** A stages choice may name several ("seed+series_a"); any other choice is one of the field's words. */
export function isChoice(field: ValueField, choice: string): boolean {
  if (choice === SKIP) return true;
  if (field === "stages") return choice.split("+").every((stage) => (STAGES as readonly string[]).includes(stage));
  return choiceOptions(field).some((option) => option.value === choice);
}

/** A choice's label, for a guess that is no option of the select ("Pre-seed, Seed and Series A"). */
export function choiceLabel(field: ValueField, choice: string): string {
  const option = choiceOptions(field).find((candidate) => candidate.value === choice);
  if (option) return option.label;
  if (field === "stages")
    return stagesOfChoice(choice)
      .map((stage) => STAGE_LABELS[stage])
      .join(", ");
  return choice;
}

/** What the app guesses a value means, or why it asks. */
export function guessChoice(field: ValueField, text: string): Resolution {
  if (field === "relationship_status") {
    const guess = guessStatus(text);
    if (!guess) return { ask: "unknown" };
    if ("ask" in guess) return { ask: guess.ask };
    return { choice: guess.pass_reason ? `passed:${guess.pass_reason}` : guess.status, source: "guess" };
  }
  if (field === "stages") {
    const stages = guessStages(text);
    return stages.length > 0 ? { choice: stages.join("+"), source: "guess" } : { ask: "unknown" };
  }
  if (field === "kind") {
    const kind = kindOfWords(text);
    return kind ? { choice: kind, source: "guess" } : { ask: "unknown" };
  }
  if (field === "check_currency" || field === "amount_currency") {
    // "kr" is SEK, NOK, DKK or ISK: asked once for the file, never taken as one of them.
    const code = currencyOfCell(text);
    return code ? { choice: code, source: "guess" } : { ask: "unknown" };
  }
  // Words that are none of the reasons are the founder's own: "Other", with them kept as the pass note.
  return { choice: passReasonOfWords(text) ?? "other", source: "guess" };
}

/** The founder's choices (from the preview's selects) and those remembered from earlier files, per field and key. */
export type ValueChoices = {
  chosen: ReadonlyMap<string, string>;
  remembered: ReadonlyMap<string, string>;
};

/** "relationship_status\u001fghosted": one map for every field. */
export function choiceKey(field: ValueField, key: string): string {
  return `${field}\u001f${key}`;
}

export const NO_CHOICES: ValueChoices = { chosen: new Map(), remembered: new Map() };

/** The founder's choice, else the one remembered, else the guess, else the question. */
export function resolveValue(field: ValueField, text: string, choices: ValueChoices): Resolution {
  const key = choiceKey(field, valueKey(text, field));
  const chosen = choices.chosen.get(key);
  if (chosen !== undefined && isChoice(field, chosen)) return { choice: chosen, source: "you" };
  const remembered = choices.remembered.get(key);
  if (remembered !== undefined && isChoice(field, remembered)) return { choice: remembered, source: "remembered" };
  return guessChoice(field, text);
}

export function statusOfChoice(choice: string): { status: RelationshipStatus; pass_reason?: PassReason } | undefined {
  const [status, reason] = choice.split(":");
  if (!(RELATIONSHIP_STATUSES as readonly string[]).includes(status ?? "")) return undefined;
  return reason && (PASS_REASONS as readonly string[]).includes(reason)
    ? { status: status as RelationshipStatus, pass_reason: reason as PassReason }
    : { status: status as RelationshipStatus };
}

export function stagesOfChoice(choice: string): Stage[] {
  const named = new Set(choice.split("+"));
  return STAGES.filter((stage) => named.has(stage));
}

export function kindOfChoice(choice: string): InvestorKind | undefined {
  return (INVESTOR_KINDS as readonly string[]).includes(choice) ? (choice as InvestorKind) : undefined;
}

export function currencyOfChoice(choice: string): Currency | undefined {
  return isCurrency(choice) ? choice : undefined;
}

export function passReasonOfChoice(choice: string): PassReason | undefined {
  return (PASS_REASONS as readonly string[]).includes(choice) ? (choice as PassReason) : undefined;
}

/**
 * One written stage item → its stages: the vocabulary's words, "Seed+" (seed and the stage after),
 * a database's numbering ("2. Prototype") and words run together ("Idea Prototype Early Revenue").
 */
export function guessStages(item: string): Stage[] {
  const text = item.replace(/^\s*\d{1,2}\s*[.):]\s*/, "").trim();
  const direct = stagesOfWords(text);
  if (direct.length > 0) return direct;
  const plus = /^(.+?)\s*\+$/.exec(text);
  if (plus) {
    const base = stagesOfWords(plus[1] ?? "");
    const last = base.at(-1);
    if (last) {
      const next = STAGES[STAGES.indexOf(last) + 1];
      return STAGES.filter((stage) => base.includes(stage) || stage === next);
    }
  }
  return runTogether(text);
}

/** Words of at most MAX_PHRASE_WORDS read greedily, longest first; every word must be part of a stage. */
const MAX_PHRASE_WORDS = 4;
const MAX_RUN_WORDS = 24;

function runTogether(text: string): Stage[] {
  const words = text
    .replace(/\d{1,2}\s*[.):]\s*/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length < 2 || words.length > MAX_RUN_WORDS) return [];
  const found = new Set<Stage>();
  let at = 0;
  while (at < words.length) {
    let matched = 0;
    for (let size = Math.min(MAX_PHRASE_WORDS, words.length - at); size > 0; size--) {
      const stages = stagesOfWords(words.slice(at, at + size).join(" "));
      if (stages.length > 0) {
        for (const stage of stages) found.add(stage);
        matched = size;
        break;
      }
    }
    if (matched === 0) return [];
    at += matched;
  }
  return STAGES.filter((stage) => found.has(stage));
}

/** One distinct value of a field in the file, with how many cells hold it. */
export type DistinctValue = { key: string; shown: string; count: number };
export type DistinctValues = { field: ValueField; values: DistinctValue[]; more: number };

const MAX_SHOWN_CHARS = 60;

/**
 * The distinct values of each fixed-vocabulary column, in the order first met, the first
 * MAX_DISTINCT a field kept (the rest counted): linear in the cells read.
 */
export function collectDistinct(
  records: readonly (readonly string[])[],
  dataIndexes: readonly number[],
  mapping: ColumnMapping,
): DistinctValues[] {
  const collector = distinctCollector(mapping);
  for (const index of dataIndexes) collector.add(records[index] ?? []);
  return collector.done();
}

/**
 * collectDistinct a record at a time, so the parse can let each record go once read (decision
 * 072): what it keeps is each field's distinct values, never a record.
 */
export function distinctCollector(mapping: ColumnMapping): { add(record: readonly string[]): void; done(): DistinctValues[] } {
  const fields = VALUE_FIELDS.flatMap((field) => {
    const columns = mapping.columns.flatMap((column, index) => (column.target === field ? [index] : []));
    // Only the first column of a field is read for a one-value field, as the row reader does.
    return columns.length === 0
      ? []
      : [
          {
            field,
            columns: field === "stages" ? columns : columns.slice(0, 1),
            byKey: new Map<string, DistinctValue>(),
            extra: new Set<string>(),
          },
        ];
  });
  return {
    add(record) {
      for (const { field, columns, byKey, extra } of fields) {
        for (const column of columns) {
          for (const item of valueItems(field, record[column] ?? "")) {
            const key = valueKey(item, field);
            if (key === "") continue;
            const known = byKey.get(key);
            if (known) known.count++;
            else if (byKey.size < MAX_DISTINCT) {
              const oneLine = item.replace(/\s+/g, " ");
              byKey.set(key, {
                key,
                shown: oneLine.length > MAX_SHOWN_CHARS ? `${oneLine.slice(0, MAX_SHOWN_CHARS)}…` : oneLine,
                count: 1,
              });
            } else if (extra.size < 100_000) extra.add(key);
          }
        }
      }
    },
    done: () => fields.map(({ field, byKey, extra }) => ({ field, values: [...byKey.values()], more: extra.size })),
  };
}

/** Distinct written values remembered by one file's resolver: a file of 20,000 rows repeats a few dozen. */
const MAX_CACHED = 5_000;

/** resolveValue for one file, each distinct cell text resolved once (the guesses run a dozen patterns). */
export function valueResolver(choices: ValueChoices): (field: ValueField, text: string) => Resolution {
  const cache = new Map<string, Resolution>();
  return (field, text) => {
    const id = `${field}\u001f${text}`;
    const known = cache.get(id);
    if (known) return known;
    const resolution = resolveValue(field, text, choices);
    if (cache.size < MAX_CACHED) cache.set(id, resolution);
    return resolution;
  };
}
