import type { ColumnMapping } from "./fields.ts";
import {
  type DistinctValues,
  type ValueChoices,
  type ValueField,
  VALUE_FIELD_WORDS,
  choiceLabel,
  choiceOptions,
  collectDistinct,
  resolveValue,
} from "./values.ts";

/**
 * The preview's value table (decision 052): per fixed-vocabulary column, each distinct value with
 * its count, what it will be imported as and where that came from, those that need the founder's
 * choice first. Pure.
 */

export type FileValue = {
  key: string;
  shown: string;
  count: number;
  /** The choice the select shows: the founder's, the remembered one or the guess; "" when asked. */
  choice: string;
  /** "guess" | "you" | "remembered" | "silence" | "unknown" */
  source: "guess" | "you" | "remembered" | "silence" | "unknown";
  /** The choice in words, for a guess no option of the select names. */
  label: string;
};

export type FileValueColumn = {
  field: ValueField;
  one: string;
  many: string;
  options: Array<{ value: string; label: string }>;
  values: FileValue[];
  /** Distinct values past the listed ones. */
  more: number;
  /** Distinct values nobody decided yet. */
  asked: number;
  /** Cells holding those. */
  askedCells: number;
};

export type FileValues = FileValueColumn[];

export function fileValues(
  records: readonly (readonly string[])[],
  dataIndexes: readonly number[],
  mapping: ColumnMapping,
  choices: ValueChoices,
): FileValues {
  return valueTable(collectDistinct(records, dataIndexes, mapping), choices);
}

/** The table of values a distinctCollector gathered (the parse's way, record by record). */
export function valueTable(distinct: readonly DistinctValues[], choices: ValueChoices): FileValues {
  return distinct.map((column) => tableOf(column, choices));
}

function tableOf(column: DistinctValues, choices: ValueChoices): FileValueColumn {
  const { field } = column;
  const options = choiceOptions(field);
  const values: FileValue[] = column.values.map((value) => {
    const resolution = resolveValue(field, value.shown, choices);
    if ("ask" in resolution) return { ...value, choice: "", source: resolution.ask, label: "" };
    return { ...value, choice: resolution.choice, source: resolution.source, label: choiceLabel(field, resolution.choice) };
  });
  const asked = values.filter((value) => value.choice === "");
  values.sort((a, b) => Number(b.choice === "") - Number(a.choice === "") || b.count - a.count);
  return {
    field,
    ...VALUE_FIELD_WORDS[field],
    options,
    values,
    more: column.more,
    asked: asked.length,
    askedCells: asked.reduce((sum, value) => sum + value.count, 0),
  };
}

/** "19 statuses need your choice", or "" when nothing is asked. */
export function askedSentence(values: FileValues | undefined): string {
  const parts = (values ?? [])
    .filter((column) => column.asked > 0)
    .map((column) => `${column.asked} ${column.asked === 1 ? column.one : column.many}`);
  if (parts.length === 0) return "";
  const total = (values ?? []).reduce((sum, column) => sum + column.asked, 0);
  return `${joinWords(parts)} ${total === 1 ? "needs" : "need"} your choice: choose what ${total === 1 ? "it means" : "each means"} under “Values”, then import.`;
}

function joinWords(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** "19 statuses and 2 stages mapped by you": rows whose value came from the founder's choice, per field. */
export function chosenSentence(rows: ReadonlyArray<{ chosen?: readonly ValueField[] }>): string {
  const counts = new Map<ValueField, number>();
  for (const row of rows) for (const field of row.chosen ?? []) counts.set(field, (counts.get(field) ?? 0) + 1);
  const parts = [...counts].map(
    ([field, count]) => `${count} ${count === 1 ? VALUE_FIELD_WORDS[field].one : VALUE_FIELD_WORDS[field].many}`,
  );
  return parts.length === 0 ? "" : `${joinWords(parts)} mapped by you`;
}

/** Every value the preview listed, as the choices kept after an import are keyed. */
export function listedValues(values: FileValues | undefined): Array<{ field: ValueField; key: string }> {
  return (values ?? []).flatMap((column) => column.values.map((value) => ({ field: column.field, key: value.key })));
}
