import { parse } from "csv-parse/sync";
import type { CsvError } from "csv-parse/sync";
import type { z } from "zod";
import { INVESTOR_KINDS, RELATIONSHIP_STATUSES, STAGES, investorEditSchema, investorProfileSchema, isoDate } from "./investor.ts";
import type { InvestorProfile, RelationshipStatus, Stage } from "./investor.ts";

/**
 * CSV import of investors (docs/api.md#page-forms-a-script-can-post): parse and validate a file, then plan which rows create
 * and which update an existing investor. Pure: the route reads the upload and the existing
 * rows, and writes the plan (or only shows it, for a preview).
 */

export const IMPORT_COLUMNS = [
  "name",
  "firm",
  "kind",
  "website",
  "linkedin_url",
  "email",
  "sectors",
  "stages",
  "geographies",
  "check_min",
  "check_max",
  "relationship_status",
  "last_contact_date",
  "personal_notes",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const MAX_IMPORT_ROWS = 5_000;

export type ImportRow = {
  /** 1-based line in the file as a spreadsheet or editor shows it; the header is line 1. */
  line: number;
  profile: InvestorProfile;
  relationship_status?: RelationshipStatus;
  last_contact_date?: string;
  personal_notes?: string;
  /**
   * The columns this row had a value in. The profile fills defaults (kind "fund", empty
   * lists), so an update must write only these: an empty cell means "not given", not "clear".
   */
  given: ImportColumn[];
};

export type RejectedRow = { line: number; name: string; reasons: string[] };

export type ParsedImport = {
  rows: ImportRow[];
  rejected: RejectedRow[];
  warnings: string[];
  /** Set when the file as a whole cannot be imported; rows and rejected are then empty. */
  error?: string;
};

export type ExistingInvestor = {
  id: number;
  name: string;
  firm: string | null;
  email: string | null;
};

export type ImportPlan = {
  create: ImportRow[];
  update: Array<ImportRow & { id: number }>;
  rejected: RejectedRow[];
  warnings: string[];
  error?: string;
};

const NO_NAME_COLUMN = "The file has no name column. The first line must hold column names such as name,firm,email.";
const EMPTY_FILE = "The file is empty. The first line must hold column names such as name,firm,email.";
const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows; split it.`;

const KNOWN_COLUMNS: ReadonlySet<string> = new Set(IMPORT_COLUMNS);

/**
 * "Last Contact Date", "last-contact-date" and "LAST_CONTACT_DATE" all name the same column:
 * spreadsheets title-case headers and people type spaces, so only case and separators differ.
 */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Email identity: case never distinguishes two mailboxes in practice. */
export function emailKey(email: string | null | undefined): string | undefined {
  const key = email?.trim().toLowerCase();
  return key ? key : undefined;
}

/**
 * Name + firm identity. NFC so a composed "ë" and "e" + combining diaeresis (both common in
 * pasted text) are the same person; a missing firm equals an empty one.
 */
export function nameFirmKey(name: string, firm: string | null | undefined): string {
  const fold = (value: string) => value.normalize("NFC").trim().toLowerCase();
  return JSON.stringify([fold(name), fold(firm ?? "")]);
}

const STAGE_ALIASES: ReadonlyMap<string, Stage> = new Map([
  ["pre_seed", "pre_seed"],
  ["preseed", "pre_seed"],
  ["seed", "seed"],
  ["series_a", "series_a"],
  ["seriesa", "series_a"],
  ["series_b", "series_b_plus"],
  ["seriesb", "series_b_plus"],
  ["series_b+", "series_b_plus"],
  ["series_b_plus", "series_b_plus"],
  ["b+", "series_b_plus"],
]);

/** "Pre-seed", "Series A", "series b", "B+" → the stage enum; undefined when not a stage. */
export function parseStage(value: string): Stage | undefined {
  return STAGE_ALIASES.get(
    value
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );
}

/**
 * A check size in whole US dollars: "250000", "250,000", "$250k", "1.5m". Commas must group
 * thousands, so a European "1,5" is refused rather than read as 15.
 */
export function parseCheckSize(value: string): number | undefined {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*([km])?$/i.exec(value.trim());
  if (!match) return undefined;
  const [, whole = "", fraction = "", suffix = ""] = match;
  const multiplier = suffix === "" ? 1 : suffix.toLowerCase() === "k" ? 1_000 : 1_000_000;
  // Integer arithmetic on the digits, so float error (1.005 * 1e6 = 1004999.9999999999) cannot
  // turn "1.005m" into a fraction that the whole-dollar check then refuses.
  const digits = whole.replaceAll(",", "") + fraction.slice(1);
  const scale = 10 ** Math.max(0, fraction.length - 1);
  const amount = (Number(digits) * multiplier) / scale;
  return Number.isSafeInteger(amount) ? amount : undefined;
}

/** Cells split on ";", trimmed, empties dropped, repeats (any case) dropped. */
function parseList(value: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of value.split(";")) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (item === "" || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** Turn a zod issue into the sentence a user reads next to the line number. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const [field, index] = issue.path;
  const subject = typeof index === "number" ? `${String(field)} item ${index + 1}` : String(field ?? "value");
  if (issue.code === "too_big") {
    const maximum = Number(issue.maximum).toLocaleString("en-US");
    if (issue.origin === "string") return `${subject} must be at most ${maximum} characters`;
    if (issue.origin === "array") return `${subject} may list at most ${maximum} items`;
    return `${subject} must be at most ${maximum}`;
  }
  if (issue.code === "too_small" && issue.origin === "string") return `${subject} is required`;
  return `${subject} ${issue.message}`;
}

function describeCsvError(error: unknown): string {
  const csvError = error as Partial<CsvError> & { lines?: number };
  const where = typeof csvError.lines === "number" ? ` near line ${csvError.lines}` : "";
  switch (csvError.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `The file is not valid CSV${where}: a quoted value is never closed.`;
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
      return (
        `The file is not valid CSV${where}: a double quote is misplaced ` +
        "(a value with quotes must be wrapped in quotes, with inner quotes doubled)."
      );
    default:
      return `The file is not valid CSV${where}.`;
  }
}

/** A line break inside a quoted value moves every later row down a line in the user's editor. */
function countLineBreaks(record: string[]): number {
  let breaks = 0;
  for (const cell of record) breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  return breaks;
}

/**
 * Our own export (csv-write.ts) puts a ' before a cell starting with = + - @ tab or CR so a
 * spreadsheet does not run it as a formula; removing it here lets an export re-import as is.
 */
export function undoFormulaGuard(value: string): string {
  return value.replace(/^'(?=[=+\-@\t\r])/, "");
}

function isBlank(record: string[]): boolean {
  return record.every((cell) => cell.trim() === "");
}

type Header = { columns: Map<ImportColumn, number>; width: number; warnings: string[] };

const MAX_NAMED_COLUMNS = 10;

function readHeader(record: string[]): Header {
  const columns = new Map<ImportColumn, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  record.forEach((raw, index) => {
    const normalized = normalizeHeader(raw);
    // A trailing comma on the header line makes a nameless column: nothing to report.
    if (normalized === "") return;
    if (!KNOWN_COLUMNS.has(normalized)) {
      unknown.push(raw.trim());
      return;
    }
    const column = normalized as ImportColumn;
    if (columns.has(column)) repeated.push(column);
    else columns.set(column, index);
  });
  const warnings: string[] = [];
  if (unknown.length > 0) {
    // Named, but not all of them at any length: a header line can be the whole 2 MB file.
    const shown = unknown.slice(0, MAX_NAMED_COLUMNS).map((name) => (name.length > 60 ? `${name.slice(0, 60)}…` : name));
    const more = unknown.length > MAX_NAMED_COLUMNS ? ` and ${unknown.length - MAX_NAMED_COLUMNS} more` : "";
    warnings.push(`Ignored columns that import does not use: ${shown.join(", ")}${more}.`);
  }
  for (const column of repeated) {
    warnings.push(`The column ${column} appears more than once; only the first one is used.`);
  }
  return { columns, width: record.length, warnings };
}

type RowOutcome = { row: ImportRow } | { rejected: RejectedRow };

function readRow(record: string[], line: number, header: Header): RowOutcome {
  const cells = new Map<ImportColumn, string>();
  for (const [column, index] of header.columns) {
    const value = undoFormulaGuard(record[index]?.trim() ?? "").trim();
    if (value !== "") cells.set(column, value);
  }
  const reasons: string[] = [];
  const name = cells.get("name") ?? "";

  // An unquoted comma in a value shifts every later cell into the wrong column; importing
  // that silently would file a website under email, so the row is refused instead.
  if (record.slice(header.width).some((cell) => cell.trim() !== "")) {
    reasons.push("has more values than there are column names " + "(wrap a value that contains a comma in double quotes)");
    return { rejected: { line, name, reasons } };
  }

  const candidate: Record<string, unknown> = {};
  for (const column of ["name", "firm", "website", "linkedin_url", "email"] as const) {
    const value = cells.get(column);
    if (value !== undefined) candidate[column] = value;
  }
  if (!cells.has("name")) {
    // "" rather than absent, so the schema's own "is required" is the one (deduplicated) reason.
    candidate.name = "";
    reasons.push("name is required");
  }

  const kind = cells.get("kind");
  if (kind !== undefined) {
    const folded = kind.toLowerCase();
    if ((INVESTOR_KINDS as readonly string[]).includes(folded)) candidate.kind = folded;
    else reasons.push(`kind must be one of ${INVESTOR_KINDS.join(", ")}`);
  }

  for (const column of ["sectors", "geographies"] as const) {
    const value = cells.get(column);
    if (value !== undefined) candidate[column] = parseList(value);
  }

  const stagesCell = cells.get("stages");
  if (stagesCell !== undefined) {
    const stages = new Set<Stage>();
    for (const item of parseList(stagesCell)) {
      const stage = parseStage(item);
      if (stage) stages.add(stage);
      else reasons.push(`stages: '${item}' is not one of ${STAGES.join(", ")}`);
    }
    candidate.stages = [...stages];
  }

  const checks: Partial<Record<"check_min" | "check_max", number>> = {};
  for (const column of ["check_min", "check_max"] as const) {
    const value = cells.get(column);
    if (value === undefined) continue;
    const amount = parseCheckSize(value);
    if (amount === undefined) reasons.push(`${column} must be a whole number of US dollars`);
    else candidate[column] = checks[column] = amount;
  }
  if (checks.check_min !== undefined && checks.check_max !== undefined && checks.check_min > checks.check_max) {
    reasons.push("check_min is larger than check_max");
  }

  // The shared profile schema has the final word, so import never accepts what the form refuses.
  const profile = investorProfileSchema.safeParse(candidate);
  if (!profile.success) {
    for (const issue of profile.error.issues) {
      const reason = describeIssue(issue);
      if (!reasons.includes(reason)) reasons.push(reason);
    }
  }

  const row: Omit<ImportRow, "line" | "profile" | "given"> = {};
  const status = cells.get("relationship_status");
  if (status !== undefined) {
    const folded = status.toLowerCase().replace(/[\s-]+/g, "_");
    if ((RELATIONSHIP_STATUSES as readonly string[]).includes(folded)) {
      row.relationship_status = folded as RelationshipStatus;
    } else {
      reasons.push(`relationship_status must be one of ${RELATIONSHIP_STATUSES.join(", ")}`);
    }
  }

  const lastContact = cells.get("last_contact_date");
  if (lastContact !== undefined) {
    const date = isoDate.safeParse(lastContact);
    if (date.success) row.last_contact_date = date.data;
    else reasons.push(`last_contact_date ${date.error.issues[0]?.message ?? "is not a date"}`);
  }

  const notes = cells.get("personal_notes");
  if (notes !== undefined) {
    const parsedNotes = investorEditSchema.shape.personal_notes.safeParse(notes);
    if (parsedNotes.success) row.personal_notes = notes;
    else {
      for (const issue of parsedNotes.error.issues) {
        reasons.push(describeIssue({ ...issue, path: ["personal_notes"] }));
      }
    }
  }

  if (reasons.length > 0 || !profile.success) return { rejected: { line, name, reasons } };
  return {
    row: {
      line,
      profile: profile.data,
      ...row,
      given: IMPORT_COLUMNS.filter((column) => cells.has(column)),
    },
  };
}

/** Runs steps to their end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Read a CSV upload into valid rows and rejected rows with reasons. Never throws for what is
 * in the file: a file that cannot be imported at all comes back with `error`.
 */
export function parseInvestorCsv(text: string): ParsedImport {
  return runSteps(parseInvestorCsvSteps(text));
}

/** Rows checked between two pauses of parseInvestorCsvSteps: a few milliseconds of work. */
export const PARSE_STEP_ROWS = 500;

/**
 * parseInvestorCsv as steps: it pauses (yields) every PARSE_STEP_ROWS rows, so a server can give
 * its event loop back while checking a 5,000-row file; the result is the same.
 */
export function* parseInvestorCsvSteps(text: string): Generator<void, ParsedImport> {
  const failed = (error: string, warnings: string[] = []): ParsedImport => ({
    rows: [],
    rejected: [],
    warnings,
    error,
  });

  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), {
      relax_column_count: true,
      // Every ending, even mixed in one file (a pasted block in Excel output), ends a row.
      record_delimiter: ["\r\n", "\n", "\r"],
    });
  } catch (error) {
    return failed(describeCsvError(error));
  }

  // Blank lines are kept by the parser (not skipped) so every line is counted: that is how
  // a rejected row's line number matches what the user sees in their editor.
  let nextLine = 1;
  const lines = records.map((record) => {
    const line = nextLine;
    nextLine += 1 + countLineBreaks(record);
    return line;
  });

  const headerIndex = records.findIndex((record) => !isBlank(record));
  const headerRecord = records[headerIndex];
  if (headerRecord === undefined) return failed(EMPTY_FILE);
  const header = readHeader(headerRecord);
  if (!header.columns.has("name")) return failed(NO_NAME_COLUMN, header.warnings);

  const dataIndexes: number[] = [];
  for (let index = headerIndex + 1; index < records.length; index++) {
    if (!isBlank(records[index] ?? [])) dataIndexes.push(index);
  }
  if (dataIndexes.length > MAX_IMPORT_ROWS) return failed(TOO_MANY_ROWS, header.warnings);

  const warnings = [...header.warnings];
  if (dataIndexes.length === 0) warnings.push("The file has column names but no investors.");

  const rows: ImportRow[] = [];
  const rejected: RejectedRow[] = [];
  // Only accepted rows claim an identity: a corrected copy of a refused row still imports.
  const lineByEmail = new Map<string, number>();
  const lineByNameFirm = new Map<string, number>();
  for (const [position, index] of dataIndexes.entries()) {
    if (position > 0 && position % PARSE_STEP_ROWS === 0) yield;
    const line = lines[index] ?? 0;
    const outcome = readRow(records[index] ?? [], line, header);
    if ("rejected" in outcome) {
      rejected.push(outcome.rejected);
      continue;
    }
    const { profile } = outcome.row;
    const email = emailKey(profile.email);
    const nameFirm = nameFirmKey(profile.name, profile.firm);
    const sameEmail = email === undefined ? undefined : lineByEmail.get(email);
    const sameNameFirm = lineByNameFirm.get(nameFirm);
    if (sameEmail !== undefined || sameNameFirm !== undefined) {
      rejected.push({
        line,
        name: profile.name,
        reasons: [
          sameEmail !== undefined
            ? `duplicate of line ${sameEmail} (same email)`
            : `duplicate of line ${sameNameFirm} (same name and firm)`,
        ],
      });
      continue;
    }
    if (email !== undefined) lineByEmail.set(email, line);
    lineByNameFirm.set(nameFirm, line);
    rows.push(outcome.row);
  }
  return { rows, rejected, warnings };
}

/**
 * Decide, for each parsed row, whether it creates an investor or updates an existing one:
 * same email first (case-insensitive), else same name and firm. Linear in rows + existing.
 */
export function planImport(parsed: ParsedImport, existing: ExistingInvestor[]): ImportPlan {
  if (parsed.error !== undefined) {
    return { create: [], update: [], rejected: [], warnings: parsed.warnings, error: parsed.error };
  }

  // When the table already holds two matches (imported before this rule existed, or added by
  // hand), the oldest investor is the one updated, whatever order the caller passed.
  const byEmail = new Map<string, number>();
  const byNameFirm = new Map<string, number>();
  const claim = (map: Map<string, number>, key: string, id: number) => {
    const current = map.get(key);
    if (current === undefined || id < current) map.set(key, id);
  };
  for (const investor of existing) {
    const email = emailKey(investor.email);
    if (email !== undefined) claim(byEmail, email, investor.id);
    claim(byNameFirm, nameFirmKey(investor.name, investor.firm), investor.id);
  }

  const create: ImportRow[] = [];
  const update: Array<ImportRow & { id: number }> = [];
  const rejected = [...parsed.rejected];
  const lineById = new Map<number, number>();
  for (const row of parsed.rows) {
    const email = emailKey(row.profile.email);
    const id = (email === undefined ? undefined : byEmail.get(email)) ?? byNameFirm.get(nameFirmKey(row.profile.name, row.profile.firm));
    if (id === undefined) {
      create.push(row);
      continue;
    }
    // Two rows reaching one investor by different routes (one by email, one by name) would
    // silently overwrite each other; the first wins and the second is shown.
    const earlier = lineById.get(id);
    if (earlier !== undefined) {
      rejected.push({
        line: row.line,
        name: row.profile.name,
        reasons: [`updates the same existing investor as line ${earlier}`],
      });
      continue;
    }
    lineById.set(id, row.line);
    update.push({ ...row, id });
  }
  rejected.sort((a, b) => a.line - b.line);
  return { create, update, rejected, warnings: parsed.warnings };
}
