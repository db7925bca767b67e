import { compactRow, sharedValues } from "./compact.ts";
import { joinFirstNames } from "./intro-via.ts";
import type { ColumnMapping, ColumnTarget } from "./fields.ts";
import { FIELD_LABELS, IMPORT_FIELDS, guessMapping, settleMapping } from "./fields.ts";
import { type DateOrder, decideDateOrder, hasSlashedDates } from "./dates.ts";
import { nameKey, sameInvestor, type Identity, identityOf } from "./identity.ts";
import { MAX_HEADER_SHOWN, MAX_IMPORT_ROWS, TOO_MANY_ROWS } from "./limits.ts";
import { type Records, readCsvRecords } from "./read.ts";
import { countryHint } from "../places.ts";
import { type ImportRow, type RejectedRow, readRow, rowContext } from "./rows.ts";
import { type FileValues, valueTable } from "./value-table.ts";
import { NO_CHOICES, type ValueChoices, distinctCollector } from "./values.ts";

/**
 * A file's records → rows to import, refused rows with reasons, and what the preview must say
 * (the mapping, how dates were read, which cells were left out). Pure; never throws for what
 * is in the file.
 */

export { MAX_IMPORT_ROWS };

export type ParsedImport = {
  rows: ImportRow[];
  rejected: RejectedRow[];
  warnings: string[];
  mapping?: ColumnMapping;
  /** How a/b/yyyy dates were read, when the file has any. */
  dateOrder?: { order: DateOrder; evidence: boolean };
  /** Set when the file as a whole cannot be imported; rows and rejected are then empty. */
  error?: string;
  /** Each distinct value of the fixed-vocabulary columns with what it will be imported as (decision 052). */
  values?: FileValues;
  /**
   * With `release`: the records of the rows refused here, by line, the only records the parse
   * keeps (the refused rows' file needs their cells).
   */
  refusedCells?: Map<number, string[]>;
};

const EMPTY_FILE = "The file is empty. The first line must hold column names such as Name, Firm, Email.";

const cut = (header: string) => (header.length > MAX_HEADER_SHOWN ? `${header.slice(0, MAX_HEADER_SHOWN)}…` : header);

/** The first 30 named headers, each cut for a message. */
function shownHeaders(mapping: ColumnMapping): string[] {
  return mapping.columns
    .map((column) => column.header)
    .filter(Boolean)
    .slice(0, 30)
    .map(cut);
}

function isBlank(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === "");
}

export type ParseOptions = {
  /** The founder's choice per column index (from the preview's form); unknown or absent: the guess. */
  targets?: ReadonlyArray<string | undefined>;
  /** What the founder chose a value means (the preview's selects), and what was remembered from earlier files. */
  values?: ValueChoices;
  /**
   * Let each data record go once its row is read (decision 072): the records become empty, so the
   * file's records and its parsed rows are never both held whole. The header record is kept;
   * a refused row's record is kept in `refusedCells`. The records cannot be parsed again.
   */
  release?: boolean;
};

/** What a released record becomes. */
const RELEASED: string[] = [];

/** Applies the founder's choices over the guess; a value that is no field is ignored. */
function applyTargets(mapping: ColumnMapping, targets: ParseOptions["targets"]): ColumnMapping {
  if (!targets) return mapping;
  const allowed = new Set<string>([...IMPORT_FIELDS, "ignore"]);
  const columns = mapping.columns.map((column, index) => {
    const chosen = targets[index];
    if (chosen === undefined || !allowed.has(chosen)) return column;
    return { ...column, target: chosen as ColumnTarget, guessed: false };
  });
  const chosenName = columns.some((column) => column.target === "name");
  return settleMapping({
    columns,
    proposedName: chosenName && mapping.proposedName && targets.some((t) => t !== undefined) ? undefined : mapping.proposedName,
  });
}

/** Rows checked between two pauses of parseInvestorRecordsSteps: a few milliseconds of work. */
export const PARSE_STEP_ROWS = 500;

export function* parseInvestorRecordsSteps(input: Records, options: ParseOptions = {}): Generator<void, ParsedImport> {
  const failed = (error: string, warnings: string[] = []): ParsedImport => ({ rows: [], rejected: [], warnings, error });
  const { records, lines } = input;
  const headerIndex = records.findIndex((record) => !isBlank(record));
  const headerRecord = records[headerIndex];
  if (headerRecord === undefined) return failed(EMPTY_FILE);

  const dataIndexes: number[] = [];
  for (let index = headerIndex + 1; index < records.length; index++) {
    if (!isBlank(records[index] ?? [])) dataIndexes.push(index);
  }
  if (dataIndexes.length > MAX_IMPORT_ROWS) return failed(TOO_MANY_ROWS);

  const sample = dataIndexes.slice(0, 200).map((index) => records[index] ?? []);
  const mapping = applyTargets(guessMapping(headerRecord, sample), options.targets);
  const warnings: string[] = [];
  const nameIndex = mapping.columns.findIndex((column) => column.target === "name");
  if (nameIndex === -1) {
    // Not a refusal: the preview keeps the columns so the founder can pick the name.
    const found = shownHeaders(mapping);
    const ask = `Choose which column holds the investor's name. Columns found: ${found.join(", ") || "none"}.`;
    return { rows: [], rejected: [], warnings: [ask], mapping };
  }
  if (mapping.proposedName !== undefined) {
    const found = shownHeaders(mapping);
    warnings.push(
      `No column is called Name, so names are read from '${cut(mapping.proposedName)}' (change it below if that is wrong). Columns found: ${found.join(", ")}.`,
    );
  }
  const ignored = mapping.columns.filter((column) => column.target === "ignore" && column.header !== "").map((column) => column.header);
  if (ignored.length > 0) {
    const shown = ignored.slice(0, 10).map(cut);
    warnings.push(
      `Not imported: ${shown.join(", ")}${ignored.length > 10 ? ` and ${ignored.length - 10} more` : ""} (map them below to keep them).`,
    );
  }

  const dateOrder = fileDateOrder(records, dataIndexes, mapping);
  if (dataIndexes.length === 0) warnings.push("The file has column names but no investors.");

  const choices = options.values ?? NO_CHOICES;
  const context = rowContext(mapping, dateOrder?.order ?? "month_first", headerRecord.length, choices);
  context.countryHint = basedInHint(records, dataIndexes, mapping);
  const rows: ImportRow[] = [];
  const rejected: RejectedRow[] = [];
  // Only accepted rows claim an identity: a corrected copy of a refused row still imports.
  const byEmail = new Map<string, number>();
  const byName = new Map<string, Array<Identity & { line: number }>>();
  // The values asked about are those of rows that import: a refused row (a repeated header line) asks nothing.
  const distinct = distinctCollector(mapping);
  const shared = sharedValues();
  const refusedCells = new Map<number, string[]>();
  const release = options.release === true;
  for (const [position, index] of dataIndexes.entries()) {
    if (position > 0 && position % PARSE_STEP_ROWS === 0) yield;
    const line = lines[index] ?? index + 1;
    const record = records[index] ?? [];
    if (release) records[index] = RELEASED;
    const outcome = readRow(record, line, context);
    if ("rejected" in outcome) {
      rejected.push(outcome.rejected);
      if (release) refusedCells.set(line, record);
      continue;
    }
    const identity = identityOf(outcome.row.profile);
    const sameEmail = identity.email === undefined ? undefined : byEmail.get(identity.email);
    const sameName = (byName.get(nameKey(identity.name)) ?? []).find((other) => sameInvestor(other, identity));
    if (sameEmail !== undefined || sameName !== undefined) {
      rejected.push({
        line,
        name: outcome.row.profile.name,
        reasons: [
          sameEmail !== undefined
            ? `same investor as line ${sameEmail} (same email)`
            : `same investor as line ${sameName?.line} (${describeSameName(sameName, identity)})`,
        ],
      });
      if (release) refusedCells.set(line, record);
      continue;
    }
    if (identity.email !== undefined) byEmail.set(identity.email, line);
    const key = nameKey(identity.name);
    const list = byName.get(key) ?? [];
    list.push({ ...identity, line });
    byName.set(key, list);
    rows.push(compactRow(outcome.row, shared));
    distinct.add(record);
  }
  const values = valueTable(distinct.done(), choices);
  joinFirstNames(rows);
  return { rows, rejected, warnings, mapping, values, ...(dateOrder ? { dateOrder } : {}), ...(release ? { refusedCells } : {}) };
}

/** How the file's a/b/yyyy dates read, from every last-contact cell (held only while deciding). */
function fileDateOrder(
  records: readonly (readonly string[])[],
  dataIndexes: readonly number[],
  mapping: ColumnMapping,
): ParsedImport["dateOrder"] {
  const dateColumns = mapping.columns.flatMap((column, index) => (column.target === "last_contact_date" ? [index] : []));
  const dateCells = dataIndexes.flatMap((index) => dateColumns.map((column) => records[index]?.[column] ?? ""));
  return hasSlashedDates(dateCells) ? decideDateOrder(dateCells) : undefined;
}

/** Distinct based-in places read for the file's country hint: enough to tell, bounded whatever the file. */
const HINT_PLACES = 300;

/** The country most of the based-in column's places are in (places.ts countryHint), from its first distinct values. */
function basedInHint(records: readonly (readonly string[])[], dataIndexes: readonly number[], mapping: ColumnMapping): string | undefined {
  const column = mapping.columns.findIndex((candidate) => candidate.target === "based_in");
  if (column === -1) return undefined;
  const seen = new Set<string>();
  for (const index of dataIndexes) {
    const place = (records[index]?.[column] ?? "").trim();
    if (place !== "" && place.length <= 80) seen.add(place);
    if (seen.size >= HINT_PLACES) break;
  }
  return countryHint(seen);
}

function describeSameName(other: Identity | undefined, identity: Identity): string {
  if (other?.domain && other.domain === identity.domain) return "same name and website";
  if (other?.firm && other.firm === identity.firm) return "same name and firm";
  return "same name, and no firm or website tells them apart";
}

/** Runs steps to their end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** CSV text as steps (tests, bench and scripts); the page reads bytes through readUpload. */
export function* parseInvestorCsvSteps(text: string, options: ParseOptions = {}): Generator<void, ParsedImport> {
  const records = readCsvRecords(text);
  if ("error" in records) return { rows: [], rejected: [], warnings: [], error: records.error };
  return yield* parseInvestorRecordsSteps(records, options);
}

export function parseInvestorCsv(text: string, options: ParseOptions = {}): ParsedImport {
  return runSteps(parseInvestorCsvSteps(text, options));
}

export { FIELD_LABELS };
