import { type PassReason, type RelationshipStatus, STAGES, type Stage } from "../vocabulary.ts";
import type { Currency } from "../currency.ts";
import type { ImportField } from "./fields.ts";
import { currencyOfCell, type MoneyUnit } from "./money.ts";
import {
  type Resolution,
  SKIP,
  type ValueField,
  VALUE_FIELD_WORDS,
  currencyOfChoice,
  kindOfChoice,
  passReasonOfChoice,
  stagesOfChoice,
  statusOfChoice,
  valueItems,
} from "./values.ts";

/**
 * A row's cells of the fixed-vocabulary columns (status, stages, kind, why they passed) read
 * through the file's value table (decision 052): the founder's choice, else the one remembered,
 * else the guess. A value nobody decided is left out with a reason that says where to decide it,
 * and the preview asks for it before the import can go ahead. Pure.
 */

/** The row's cells per field, with their column index, as rows.ts collects them. */
export type Cells = Map<ImportField, Array<{ value: string; index: number }>>;

export type SkippedCell = { column: string; reason: string };

export type ValueCells = {
  kind?: string;
  stages?: Stage[];
  relationship_status?: RelationshipStatus;
  /** Why they passed, from the reason column. */
  pass_reason?: PassReason;
  /** Why they passed, as the status cell said it ("Passed - too early"). */
  status_reason?: PassReason;
  /** The founder's words for a pass that is none of the reasons, kept as the pass note. */
  pass_words?: string;
  /** Fields whose value this row took from the founder's choice (now or remembered). */
  chosen: ValueField[];
};

function short(value: string): string {
  const oneLine = value.replace(/\s+/g, " ");
  return oneLine.length > 40 ? `${oneLine.slice(0, 40)}…` : oneLine;
}

function why(field: ValueField, value: string, resolution: Resolution): string {
  if ("choice" in resolution) return `'${short(value)}' left out, as you chose`;
  const { one } = VALUE_FIELD_WORDS[field];
  if (resolution.ask === "silence")
    return `'${short(value)}' needs your choice: contacted (a follow-up is due) or passed? Choose under “Values” above`;
  return `'${short(value)}' is not a ${one} we know: choose what it means under “Values” above`;
}

export function readValueCells(
  cells: Cells,
  resolveValue: (field: ValueField, text: string) => Resolution,
  skipped: SkippedCell[],
  label: (field: ImportField) => string,
): ValueCells {
  const out: ValueCells = { chosen: [] };
  const chosen = new Set<ValueField>();
  const decide = (field: ValueField, value: string): string | undefined => {
    const resolution = resolveValue(field, value);
    if ("choice" in resolution && resolution.choice !== SKIP) {
      if (resolution.source !== "guess") chosen.add(field);
      return resolution.choice;
    }
    skipped.push({ column: label(field), reason: why(field, value, resolution) });
    return undefined;
  };

  const kindCell = cells.get("kind")?.[0];
  if (kindCell) {
    const choice = decide("kind", kindCell.value);
    const kind = choice === undefined ? undefined : kindOfChoice(choice);
    if (kind) out.kind = kind;
  }

  const stageCells = cells.get("stages");
  if (stageCells) {
    const stages = new Set<Stage>();
    for (const cell of stageCells)
      for (const item of valueItems("stages", cell.value)) {
        const choice = decide("stages", item);
        if (choice !== undefined) for (const stage of stagesOfChoice(choice)) stages.add(stage);
      }
    if (stages.size > 0) out.stages = STAGES.filter((stage) => stages.has(stage));
  }

  const statusCell = cells.get("relationship_status")?.[0];
  if (statusCell) {
    const choice = decide("relationship_status", statusCell.value);
    const status = choice === undefined ? undefined : statusOfChoice(choice);
    if (status) {
      out.relationship_status = status.status;
      if (status.pass_reason) out.status_reason = status.pass_reason;
    }
  }

  const reasonCell = cells.get("pass_reason")?.[0];
  if (reasonCell) {
    const choice = decide("pass_reason", reasonCell.value);
    const reason = choice === undefined ? undefined : passReasonOfChoice(choice);
    if (reason) {
      out.pass_reason = reason;
      // "Other" keeps the founder's own words, as the pass note.
      if (reason === "other") out.pass_words = reasonCell.value.replace(/\s+/g, " ").trim();
    }
  }
  out.chosen = [...chosen];
  return out;
}

/**
 * A currency column's cell: what the founder chose the value means, else the cell read with the
 * row's hints (the header's unit, the investor's country: "kr" beside Norway), else the file's
 * guess; a value nobody decided is left out with where to decide it.
 */
export function currencyOfColumn(
  resolveValue: (field: ValueField, text: string) => Resolution,
  field: "check_currency" | "amount_currency",
  value: string,
  unit: MoneyUnit,
): ({ code: Currency } | { reason: string }) & { chosen: boolean } {
  const resolution = resolveValue(field, value);
  if ("choice" in resolution && resolution.source !== "guess") {
    const chosen = currencyOfChoice(resolution.choice);
    return chosen ? { code: chosen, chosen: true } : { reason: `'${short(value)}' left out, as you chose`, chosen: false };
  }
  const code = currencyOfCell(value, unit) ?? ("choice" in resolution ? currencyOfChoice(resolution.choice) : undefined);
  if (code) return { code, chosen: false };
  return { reason: `'${short(value)}' is not a currency we know: choose which it is under “Values” above`, chosen: false };
}
