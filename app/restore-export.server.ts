import { closeSync, openSync, readSync, statSync } from "node:fs";
import { JSONParser } from "@streamparser/json";
import type { z } from "zod";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { type RestoredCounts, restoreExport } from "#db/queries/restore-export.server.ts";
import {
  EXPORT_FILE_MAX_BYTES,
  type ExportProblem,
  type ExportedFounder,
  type ExportedStartupHead,
  STARTUP_HEAD_KEYS,
  describeExportProblems,
  exportRecordSchemas,
  recordProblems,
} from "./domain/export-file.ts";

export class RestoreError extends Error {}

/** How much of the file is read at a time. */
const READ_BYTES = 1024 * 1024;

type Path = Array<string | number>;

/**
 * Reads the JSON file at `filePath` as a stream (@streamparser/json), a megabyte at a time,
 * handing each value found at one of `paths` to `onValue` with where it sits; what is handed on
 * is not kept (keepStack: false), so memory holds one record, whatever the file's size.
 * Synchronous, so a restore runs inside one database transaction.
 */
function readJsonRecords(filePath: string, paths: string[], onValue: (path: Path, value: unknown) => void): void {
  const parser = new JSONParser({ paths, keepStack: false });
  let ended = false;
  let firstByte: number | undefined;
  parser.onEnd = () => {
    ended = true;
  };
  parser.onValue = ({ value, key, stack }) => {
    onValue([...stack.slice(1).map((entry) => entry.key as string | number), key as string | number], value);
  };
  const file = openSync(filePath, "r");
  const buffer = Buffer.alloc(READ_BYTES);
  try {
    for (;;) {
      const read = readSync(file, buffer, 0, READ_BYTES, null);
      if (read === 0) break;
      const chunk = buffer.subarray(0, read);
      firstByte ??= chunk.find((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);
      if (firstByte === 0x5b) throw new RestoreError(`${filePath} is not an export of this app: it is a JSON list, not an object`);
      if (firstByte !== undefined && firstByte !== 0x7b)
        throw new RestoreError(`${filePath} is not JSON: give the file /export.json downloaded`);
      if (ended) throw new RestoreError(`${filePath} is not JSON: something follows the export's closing brace`);
      try {
        parser.write(chunk);
      } catch (error) {
        if (error instanceof RestoreError || !(error instanceof Error) || !/^Unexpected|Tokenizer|Parser/.test(error.message)) throw error;
        throw new RestoreError(`${filePath} is not JSON: give the file /export.json downloaded`);
      }
    }
  } finally {
    closeSync(file);
  }
  if (!ended) {
    throw new RestoreError(
      firstByte === undefined
        ? `${filePath} is empty: give the file /export.json downloaded`
        : `${filePath} is not JSON: it ends before its closing brace (a download cut short?). Download /export.json again`,
    );
  }
}

/** What names the investors, read after them. Exports from before the team (decision 061) have no activity. */
const NAMING_INVESTORS = [
  "$.mail_contacts.*",
  "$.startups.*.evaluations.*",
  "$.startups.*.scores.*",
  // Warm intros (decision 065): the people before the paths that name them, as the file lists them.
  "$.people.*",
  "$.intro_paths.*",
  // Deck links (decision 068) name investors and startups; their views name the links before them.
  "$.deck_links.*",
  "$.deck_views.*",
  "$.activity.*",
];
const RECORDS = ["$.members.*", "$.investors.*", ...NAMING_INVESTORS];

/**
 * Checks every record of the file by the schema of where it sits, before anything is written
 * (a file that is not an export leaves no database behind). Keeps the startups' heads (a handful)
 * and the founder's settings; of the rest, only counts.
 */
function checkFile(filePath: string): { startups: ExportedStartupHead[]; founder: ExportedFounder; investors: number } {
  const problems: ExportProblem[] = [];
  let total = 0;
  const check = <T>(schema: z.ZodType<T>, value: unknown, where: string): T | undefined => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const found = recordProblems(parsed.error, where);
    total += found.length;
    if (problems.length < 5) problems.push(...found);
    return undefined;
  };
  const heads: Array<Record<string, unknown>> = [];
  let founder: ExportedFounder = {};
  let investors = 0;
  const paths = [...RECORDS, ...STARTUP_HEAD_KEYS.map((key) => `$.startups.*.${key}`), "$.founder"];
  readJsonRecords(filePath, paths, (path, value) => {
    const [part, index, field] = path;
    if (part === "investors") {
      investors++;
      check(exportRecordSchemas.investor, value, `investors.${index}`);
    } else if (part === "mail_contacts") check(exportRecordSchemas.mailContact, value, `mail_contacts.${index}`);
    else if (part === "members") check(exportRecordSchemas.member, value, `members.${index}`);
    else if (part === "activity") check(exportRecordSchemas.activity, value, `activity.${index}`);
    else if (part === "people") check(exportRecordSchemas.person, value, `people.${index}`);
    else if (part === "intro_paths") check(exportRecordSchemas.introPath, value, `intro_paths.${index}`);
    else if (part === "deck_links") check(exportRecordSchemas.deckLink, value, `deck_links.${index}`);
    else if (part === "deck_views") check(exportRecordSchemas.deckView, value, `deck_views.${index}`);
    else if (part === "founder") founder = check(exportRecordSchemas.founder, value, "founder") ?? {};
    else if (field === "evaluations") check(exportRecordSchemas.evaluation, value, `startups.${index}.evaluations.${path[3]}`);
    else if (field === "scores") check(exportRecordSchemas.score, value, `startups.${index}.scores.${path[3]}`);
    else if (typeof index === "number" && typeof field === "string") {
      heads[index] ??= {};
      heads[index][field] = value;
    }
  });
  const startups = Array.from(heads, (head, index) => check(exportRecordSchemas.startupHead, head ?? {}, `startups.${index}`));
  if (total > 0) throw new RestoreError(`${filePath} is not an export of this app:\n${describeExportProblems(problems, total)}`);
  if (investors === 0 && startups.length === 0) {
    throw new RestoreError(`${filePath} has no investors and no startups: not an export of this app, or one of an empty instance`);
  }
  return { startups: startups as ExportedStartupHead[], founder, investors };
}

/**
 * `npm run restore-export -- file.json` (scripts/restore-export.ts, through the server build):
 * reads an /export.json as a stream, checks it, and writes it into the database at
 * `databasePath` (created and migrated when missing), which must hold no real investors or
 * startups (decisions 020 and 056). The file is read three times: every record checked, then the
 * members and investors written, then what names them (emails, evaluations, scores, the activity),
 * so the memory it takes does not grow with the file.
 */
export function restoreExportFile(filePath: string, databasePath: string, now = new Date()): RestoredCounts {
  let size: number;
  try {
    size = statSync(filePath).size;
  } catch {
    throw new RestoreError(`${filePath} cannot be read`);
  }
  if (size > EXPORT_FILE_MAX_BYTES)
    throw new RestoreError(`${filePath} is over ${EXPORT_FILE_MAX_BYTES / 1024 / 1024} MB: not an export of this app`);
  const checked = checkFile(filePath);
  const startupAt = checked.startups.map((startup) => startup.id);
  const db = openDatabase(databasePath);
  try {
    migrateDatabase(db);
    return restoreExport(db, now, (writer) => {
      // The team first: the investors' owners name them (the file lists them first too).
      readJsonRecords(filePath, ["$.members.*", "$.investors.*"], ([part], value) => {
        if (part === "members") writer.member(exportRecordSchemas.member.parse(value));
        else writer.investor(exportRecordSchemas.investor.parse(value));
      });
      for (const startup of checked.startups) writer.startup(startup);
      readJsonRecords(filePath, NAMING_INVESTORS, (path, value) => {
        const [part, index, field] = path;
        if (part === "mail_contacts") writer.mail(exportRecordSchemas.mailContact.parse(value));
        else if (part === "activity") writer.activity(exportRecordSchemas.activity.parse(value));
        else if (part === "people") writer.person(exportRecordSchemas.person.parse(value));
        else if (part === "intro_paths") writer.introPath(exportRecordSchemas.introPath.parse(value));
        else if (part === "deck_links") writer.deckLink(exportRecordSchemas.deckLink.parse(value));
        else if (part === "deck_views") writer.deckView(exportRecordSchemas.deckView.parse(value));
        else if (field === "evaluations") writer.evaluation(startupAt[index as number]!, exportRecordSchemas.evaluation.parse(value));
        else writer.score(startupAt[index as number]!, exportRecordSchemas.score.parse(value));
      });
      return checked.founder;
    });
  } finally {
    db.$client.close();
  }
}
