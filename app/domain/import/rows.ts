import type { z } from "zod";
import { investorProfileSchema } from "../investor.ts";
import type { InvestorProfile, RelationshipStatus, Stage } from "../investor.ts";
import { NEXT_STEP_CHARS, PASS_NOTE_CHARS } from "../investor.ts";
import { MONEY_AND_NEXT_STEP_FIELDS, type PassReason } from "../vocabulary.ts";
import { placeOfPair, resolvePlace } from "../places.ts";
import { isEmptyCell, parseEmail, parseLinkedin, parseTwitter, parseWebsite, splitList } from "./cells.ts";
import { type DateOrder, parseDate } from "./dates.ts";
import { junkRowReason } from "./junk-rows.ts";
import { type IntroVia, readIntroVia } from "./intro-via.ts";
import { personNameKey } from "../intros.ts";
import type { ColumnMapping, ImportColumn, ImportField } from "./fields.ts";
import { IMPORT_COLUMNS } from "./fields.ts";
import {
  type Currency,
  type MoneyUnit,
  currencyOfCell,
  moneyProblem,
  moneyUnitOfHeader,
  parseOneAmount,
  parseMoneyRange,
} from "./money.ts";
import { currenciesOfPlaces } from "./money-places.ts";
import { type Cells, currencyOfColumn, readValueCells, type SkippedCell } from "./value-cells.ts";
import { NO_CHOICES, type Resolution, type ValueChoices, type ValueField, valueResolver } from "./values.ts";

/**
 * One row of a file → an investor profile plus the tracker columns. A bad optional cell is left
 * out with its reason; only a row without a usable name (none, or past 200 characters) is refused.
 */

/** A cell the row was imported without, and why (shown in the preview). */
export type { SkippedCell };

export type ImportRow = {
  /** 1-based line in the file as a spreadsheet or editor shows it; the header is line 1. */
  line: number;
  profile: InvestorProfile;
  check_currency?: Currency;
  relationship_status?: RelationshipStatus;
  last_contact_date?: string;
  personal_notes?: string;
  /** The round's columns (decision 031): their amount with its currency, the next step, the meeting, why they passed. */
  amount?: number;
  amount_currency?: Currency;
  next_step?: string;
  next_step_date?: string;
  meeting_date?: string;
  pass_reason?: PassReason;
  pass_note?: string;
  /** The Owner cell as written, and the member it names once matched (decision 062, owners.ts). */
  owner?: string;
  owner_member_id?: number;
  /** The people the Intro via column names (decision 065): intro paths, never a line of the notes. */
  intro_via?: IntroVia[];
  /**
   * The stored columns this row had a value in. The profile fills defaults (kind "fund", empty
   * lists), so an update writes only these: an empty cell means "not given", not "clear".
   */
  given: ImportColumn[];
  skipped: SkippedCell[];
  /** Fixed-vocabulary fields whose value came from the founder's choice (decision 052). */
  chosen?: ValueField[];
};

export type RejectedRow = { line: number; name: string; reasons: string[] };

export type RowContext = {
  mapping: ColumnMapping;
  dateOrder: DateOrder;
  /** Per column index: the unit its header names. */
  units: MoneyUnit[];
  /** The folded name header, so a repeated header line is refused as junk. */
  nameHeader: string;
  /** Columns in the header line; a row with more values has shifted cells. */
  width: number;
  /** The country most of the file's based-in places are in, for a town several countries have. */
  countryHint?: string;
  /** What each value of the fixed-vocabulary columns means: the founder's choices over the guesses, each text resolved once. */
  values: (field: ValueField, text: string) => Resolution;
};

export function rowContext(mapping: ColumnMapping, dateOrder: DateOrder, width: number, values: ValueChoices = NO_CHOICES): RowContext {
  const nameColumn = mapping.columns.find((column) => column.target === "name");
  return {
    mapping,
    dateOrder,
    units: mapping.columns.map((column) => moneyUnitOfHeader(column.header)),
    nameHeader: (nameColumn?.header ?? "").trim().toLowerCase(),
    width,
    values: valueResolver(values),
  };
}

const MAX_ITEM_CHARS = 80;
const MAX_ITEMS = 50;
const MAX_NAME_CHARS = 200;
const MAX_NOTES_CHARS = 10_000;

/** Our export guards formula-like cells with a leading '; removing it lets an export re-import as is. */
export function undoFormulaGuard(value: string): string {
  return value.replace(/^'(?=[=+\-@\t\r])/, "");
}

function collect(record: string[], context: RowContext): Cells {
  const cells: Cells = new Map();
  for (const [index, column] of context.mapping.columns.entries()) {
    if (column.target === "ignore") continue;
    const value = undoFormulaGuard(record[index]?.trim() ?? "").trim();
    if (isEmptyCell(value)) continue;
    const list = cells.get(column.target) ?? [];
    list.push({ value, index });
    cells.set(column.target, list);
  }
  return cells;
}

function short(value: string): string {
  const oneLine = value.replace(/\s+/g, " ");
  return oneLine.length > 40 ? `${oneLine.slice(0, 40)}…` : oneLine;
}

/** Items of a list cell, too-long ones and those past the cap left out and noted. */
function listItems(values: string[], label: string, skipped: SkippedCell[]): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const value of values) {
    for (const item of splitList(value)) {
      const key = item.normalize("NFC").toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      if (item.length > MAX_ITEM_CHARS)
        skipped.push({ column: label, reason: `'${short(item)}' is longer than ${MAX_ITEM_CHARS} characters` });
      else items.push(item);
    }
  }
  if (items.length > MAX_ITEMS) {
    skipped.push({ column: label, reason: `only the first ${MAX_ITEMS} of ${items.length} items are kept` });
    return items.slice(0, MAX_ITEMS);
  }
  return items;
}

const CONTINENTS = ["Europe", "North America", "Latin America", "Asia", "Middle East", "Africa", "Oceania"];

/**
 * Places as the countries data names them ("UK" → "United Kingdom"); unknown ones kept as
 * written. A list longer than a profile holds ("197 countries") is kept as its continents.
 */
function placeItems(values: string[], label: string, skipped: SkippedCell[]): string[] {
  const all = values.flatMap((value) => splitList(value));
  if (all.length > MAX_ITEMS) {
    const regions = new Set<string>();
    const unknown: string[] = [];
    for (const item of all) {
      const place = resolvePlace(item);
      const continent = place && [place.name, ...place.regions].find((region) => CONTINENTS.includes(region));
      if (continent) regions.add(continent);
      else if (item.length <= MAX_ITEM_CHARS) unknown.push(item);
    }
    skipped.push({ column: label, reason: `${all.length} places kept as the regions they are in` });
    return [...CONTINENTS.filter((region) => regions.has(region)), ...unknown].slice(0, MAX_ITEMS);
  }
  return canonicalPlaces(joinTownsAndCountries(listItems(values, label, skipped)));
}

/** "Stockholm, SE" split at its comma is one place again; "Norway, Sweden" stays two (places.ts: placeOfPair). */
function joinTownsAndCountries(items: string[]): string[] {
  const joined: string[] = [];
  for (let at = 0; at < items.length; at += 1) {
    const item = items[at] as string;
    const next = items[at + 1];
    const pair = next === undefined ? undefined : placeOfPair(item, next);
    if (pair) at += 1;
    joined.push(pair ? pair.name : item);
  }
  return joined;
}

/**
 * Where the investor is based, from every based-in column of the row joined ("Oslo" and "Norway"
 * from "HQ city" and "HQ country"): the whole as one place, else its first item that is one, else
 * as written (cut to the profile's 120 characters).
 */
function basedInOf(values: string[], hint?: string): string | undefined {
  const written = values
    .map((value) => value.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(", ");
  if (written === "") return undefined;
  const whole = resolvePlace(written, hint);
  if (whole) return whole.name;
  const items = splitList(written);
  const first = items.map((item) => resolvePlace(item, hint)).find((place) => place !== undefined);
  return (first?.name ?? items[0] ?? written).slice(0, 120);
}

function canonicalPlaces(items: string[]): string[] {
  const seen = new Set<string>();
  const places: string[] = [];
  for (const item of items) {
    const name = resolvePlace(item)?.name ?? item;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    places.push(name);
  }
  return places;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_big") return `must be at most ${Number(issue.maximum).toLocaleString("en-US")}`;
  return issue.message;
}

const NOTE_LINES: ReadonlyArray<[ImportField, string]> = [
  ["contact", "Contact"],
  ["role", "Role"],
  ["twitter", "Twitter"],
];

export type RowOutcome = { row: ImportRow } | { rejected: RejectedRow };

export function readRow(record: string[], line: number, context: RowContext): RowOutcome {
  const cells = collect(record, context);
  const first = (field: ImportField) => cells.get(field)?.[0];
  const label = (field: ImportField) => context.mapping.columns[first(field)?.index ?? -1]?.header || field;
  const skipped: SkippedCell[] = [];
  const candidate: Record<string, unknown> = {};
  const name = first("name")?.value.replace(/\s+/g, " ") ?? "";

  if (name === "") return { rejected: { line, name: "", reasons: ["has no name"] } };
  if (name.toLowerCase() === context.nameHeader) return { rejected: { line, name, reasons: ["repeats the header line"] } };
  // Refused, not cut: the new-investor form refuses a longer name too, and a cut name is a wrong one.
  if (name.length > MAX_NAME_CHARS)
    return {
      rejected: {
        line,
        name: `${name.slice(0, 60)}…`,
        reasons: [`name is ${name.length.toLocaleString("en-US")} characters; at most ${MAX_NAME_CHARS} (the new-investor form's limit)`],
      },
    };
  const junk = junkRowReason(name, parseEmail(first("email")?.value ?? ""));
  if (junk) return { rejected: { line, name, reasons: [junk] } };
  candidate.name = name;

  // An unquoted comma shifts every later cell into the wrong column: keep only the name.
  if (record.slice(context.width).some((cell) => cell.trim() !== "")) {
    skipped.push({
      column: "row",
      reason: "has more values than column names, so only the name is kept (wrap a value with a comma in double quotes)",
    });
    return finish(line, candidate, {}, skipped, new Set(["name"]));
  }

  const given = new Set<ImportColumn>(["name"]);
  const extra: Omit<ImportRow, "line" | "profile" | "given" | "skipped"> = {};

  const firm = first("firm")?.value;
  if (firm) candidate.firm = firm.slice(0, 200);

  const take = (field: ImportField, parse: (value: string) => string | undefined, why: string) => {
    const cell = first(field);
    if (!cell) return undefined;
    const value = parse(cell.value);
    if (value === undefined) skipped.push({ column: label(field), reason: `'${short(cell.value)}' ${why}` });
    return value;
  };
  const website = take("website", parseWebsite, "is not a web address");
  if (website) candidate.website = website;
  const linkedin = take("linkedin_url", parseLinkedin, "is not a LinkedIn page");
  if (linkedin) candidate.linkedin_url = linkedin;
  const email = take("email", parseEmail, "is not an email address");
  if (email) candidate.email = email;
  const valueCells = readValueCells(cells, context.values, skipped, label);
  if (valueCells.kind) candidate.kind = valueCells.kind;
  if (valueCells.chosen.length > 0) extra.chosen = valueCells.chosen;

  const sectorCells = cells.get("sectors");
  if (sectorCells)
    candidate.sectors = listItems(
      sectorCells.map((cell) => cell.value),
      label("sectors"),
      skipped,
    );
  const placeCells = cells.get("geographies");
  if (placeCells)
    candidate.geographies = placeItems(
      placeCells.map((cell) => cell.value),
      label("geographies"),
      skipped,
    );
  const basedIn = basedInOf(cells.get("based_in")?.map((cell) => cell.value) ?? [], context.countryHint);
  if (basedIn) candidate.based_in = basedIn;
  if (valueCells.stages) candidate.stages = valueCells.stages;

  readCheque(cells, context, candidate, extra, skipped, label);

  if (valueCells.relationship_status) extra.relationship_status = valueCells.relationship_status;
  const lastContact = take("last_contact_date", (value) => parseDate(value, context.dateOrder), "is not a date");
  if (lastContact) extra.last_contact_date = lastContact;

  const roundNotes = readRoundCells(cells, context, extra, skipped, label, take, placesOfRow(candidate));
  // "Passed - too early" says why: the reason column, when there is one, says it too.
  const passReason = valueCells.pass_reason ?? (extra.relationship_status === "passed" ? valueCells.status_reason : undefined);
  if (passReason) extra.pass_reason = passReason;
  if (valueCells.pass_words && !extra.pass_note) extra.pass_note = valueCells.pass_words.slice(0, PASS_NOTE_CHARS);

  const ownerCell = first("owner")?.value.replace(/\s+/g, " ").trim();
  if (ownerCell) extra.owner = ownerCell.slice(0, 200);
  // The investor never introduces the team to herself ("Intro via: Kristin Lund" on Kristin's row names no path).
  const investorKey = personNameKey(name);
  const introVia = readIntroVia((cells.get("intro_path") ?? []).map((cell) => cell.value).join(", ")).filter(
    (person) => personNameKey(person.name) !== investorKey,
  );
  if (introVia.length > 0) extra.intro_via = introVia;
  const notes: string[] = [];
  const notesCell = first("personal_notes");
  if (notesCell) notes.push(notesCell.value);
  for (const [field, title] of NOTE_LINES) {
    const cell = first(field);
    if (!cell) continue;
    const value = field === "twitter" ? (parseTwitter(cell.value) ?? cell.value) : cell.value;
    notes.push(`${title}: ${value}`);
  }
  notes.push(...roundNotes);
  if (notes.length > 0) {
    let text = notes.join("\n");
    if (text.length > MAX_NOTES_CHARS) {
      skipped.push({ column: label("personal_notes"), reason: `notes cut to ${MAX_NOTES_CHARS.toLocaleString("en-US")} characters` });
      text = text.slice(0, MAX_NOTES_CHARS);
    }
    extra.personal_notes = text;
  }

  return finish(line, candidate, extra, skipped, given);
}

/** A column's money unit with the currencies of the row's countries, found once and only when asked. */
/** Where the investor invests and where they are based: the country that says whose krone "kr" is. */
function placesOfRow(candidate: Record<string, unknown>): string[] {
  const places = Array.isArray(candidate.geographies) ? (candidate.geographies as string[]) : [];
  return typeof candidate.based_in === "string" ? [...places, candidate.based_in] : places;
}

function unitsWithPlaces(context: RowContext, places: readonly string[] | undefined): (index: number) => MoneyUnit {
  let local: Currency[] | undefined;
  return (index) => {
    local ??= currenciesOfPlaces(places);
    return { ...(context.units[index] ?? { scale: 1 }), local };
  };
}

/** Why a money cell was left out: "'kr 5m' is not an amount: 'kr' could be SEK, NOK, …" when the parser can say. */
function notAmount(value: string, unit: MoneyUnit): string {
  const problem = moneyProblem(value, unit);
  return `'${short(value)}' is not an amount${problem ? `: the sign ${problem}` : ""}`;
}

function readCheque(
  cells: Cells,
  context: RowContext,
  candidate: Record<string, unknown>,
  extra: { check_currency?: Currency; chosen?: ValueField[] },
  skipped: SkippedCell[],
  label: (field: ImportField) => string,
) {
  let min: number | undefined;
  let max: number | undefined;
  let currency: Currency | undefined;
  // The row's countries tell whose krone "kr" is (decision 054), looked up only for a money cell.
  const unitOf = unitsWithPlaces(context, placesOfRow(candidate));
  const read = (field: "check_range" | "check_min" | "check_max") => {
    const cell = cells.get(field)?.[0];
    if (!cell) return undefined;
    const range = parseMoneyRange(cell.value, unitOf(cell.index));
    if (!range) skipped.push({ column: label(field), reason: notAmount(cell.value, unitOf(cell.index)) });
    if (range?.currency) currency ??= range.currency;
    return range;
  };
  const range = read("check_range");
  min = range?.min;
  max = range?.max;
  const low = read("check_min");
  if (low) min = low.min ?? low.max;
  const high = read("check_max");
  if (high) max = high.max ?? high.min;
  const currencyCell = cells.get("check_currency")?.[0];
  if (currencyCell) {
    const code = currencyOfColumn(context.values, "check_currency", currencyCell.value, unitOf(currencyCell.index));
    if ("code" in code) currency = code.code;
    else skipped.push({ column: label("check_currency"), reason: code.reason });
    if (code.chosen) extra.chosen = [...(extra.chosen ?? []), "check_currency"];
  }
  if (min !== undefined && max !== undefined && min > max) {
    skipped.push({ column: label("check_min"), reason: "the minimum is larger than the maximum" });
    return;
  }
  if (min !== undefined) candidate.check_min = min;
  if (max !== undefined) candidate.check_max = max;
  if ((min !== undefined || max !== undefined) && currency) extra.check_currency = currency;
}

/**
 * The round's cells (decision 031): an amount as the cheque's cells are read (its currency from
 * the cell, the header's unit or an amount-currency column) but one number: a range is left out
 * and returned as a line of the notes (decision 040), the next step and pass note as text,
 * the dates as the file's dates, and why they passed in the reasons' words (else "other", the
 * words kept as the note).
 */
function readRoundCells(
  cells: Cells,
  context: RowContext,
  extra: Omit<ImportRow, "line" | "profile" | "given" | "skipped">,
  skipped: SkippedCell[],
  label: (field: ImportField) => string,
  take: (field: ImportField, parse: (value: string) => string | undefined, why: string) => string | undefined,
  places?: readonly string[],
): string[] {
  const noteLines: string[] = [];
  const unitOf = unitsWithPlaces(context, places);
  const amountCell = cells.get("amount")?.[0];
  if (amountCell) {
    const read = parseOneAmount(amountCell.value, unitOf(amountCell.index));
    if (read === undefined) skipped.push({ column: label("amount"), reason: notAmount(amountCell.value, unitOf(amountCell.index)) });
    else if ("range" in read) {
      // Its top would count money nobody committed in the round's totals: left out, kept in the notes.
      const committed = extra.relationship_status === "committed" || extra.relationship_status === "soft_committed";
      const ask = committed ? "write the amount committed" : "write the one amount you expect";
      skipped.push({ column: label("amount"), reason: `'${short(amountCell.value)}' is a range; ${ask} (the range is kept in the notes)` });
      noteLines.push(`Amount: ${amountCell.value.replace(/\s+/g, " ")}`);
    } else {
      extra.amount = read.amount;
      if (read.currency) extra.amount_currency = read.currency;
    }
  }
  const currencyCell = cells.get("amount_currency")?.[0];
  if (currencyCell) {
    const code = currencyOfColumn(context.values, "amount_currency", currencyCell.value, unitOf(currencyCell.index));
    if ("code" in code) extra.amount_currency = code.code;
    else skipped.push({ column: label("amount_currency"), reason: code.reason });
    if (code.chosen) extra.chosen = [...(extra.chosen ?? []), "amount_currency"];
  }
  const text = (field: "next_step" | "pass_note", max: number) => {
    const value = cells.get(field)?.[0]?.value.replace(/\s+/g, " ").trim();
    if (!value) return undefined;
    if (value.length > max) skipped.push({ column: label(field), reason: `cut to ${max} characters` });
    return value.slice(0, max);
  };
  const nextStep = text("next_step", NEXT_STEP_CHARS);
  if (nextStep) extra.next_step = nextStep;
  const nextStepDate = take("next_step_date", (value) => parseDate(value, context.dateOrder), "is not a date");
  if (nextStepDate) extra.next_step_date = nextStepDate;
  const meetingDate = take("meeting_date", (value) => parseDate(value, context.dateOrder), "is not a date");
  if (meetingDate) extra.meeting_date = meetingDate;
  const passNote = text("pass_note", PASS_NOTE_CHARS);
  if (passNote) extra.pass_note = passNote;
  return noteLines;
}

/** The shared profile schema has the final word; a field it refuses is left out, not the row. */
function finish(
  line: number,
  candidate: Record<string, unknown>,
  extra: Omit<ImportRow, "line" | "profile" | "given" | "skipped">,
  skipped: SkippedCell[],
  given: Set<ImportColumn>,
): RowOutcome {
  for (let attempt = 0; attempt < 12; attempt++) {
    const parsed = investorProfileSchema.safeParse(candidate);
    if (parsed.success) {
      for (const column of IMPORT_COLUMNS) if (candidate[column] !== undefined) given.add(column);
      for (const key of [
        "relationship_status",
        "last_contact_date",
        "personal_notes",
        "check_currency",
        ...MONEY_AND_NEXT_STEP_FIELDS,
      ] as const) {
        if (extra[key] !== undefined) given.add(key);
      }
      // As with the cheque: an amount carries its currency ("250k" after "€250k" is dollars now).
      if (given.has("amount")) given.add("amount_currency");
      // An amount and its currency go together: "$1M" after "€250k" is dollars now, not euros.
      if (given.has("check_min") || given.has("check_max")) given.add("check_currency");
      const ordered = IMPORT_COLUMNS.filter((column) => given.has(column));
      return { row: { line, profile: parsed.data, ...extra, given: ordered, skipped } };
    }
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "");
    if (!issue || field === "name" || !(field in candidate)) {
      return { rejected: { line, name: String(candidate.name ?? ""), reasons: [`name ${issue ? describeIssue(issue) : "is not valid"}`] } };
    }
    skipped.push({ column: field, reason: describeIssue(issue) });
    delete candidate[field];
  }
  return { rejected: { line, name: String(candidate.name ?? ""), reasons: ["too many values could not be read"] } };
}
