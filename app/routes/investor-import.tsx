import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/investor-import";
import { type ClassifiedUpdates, classifyUpdates, existingForImport } from "#db/queries/import.server.ts";
import { appOwnedWords } from "../domain/import/app-owned.ts";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { ImportPreview } from "../components/import-preview.tsx";
import { ImportStopped } from "../components/import-in-progress.tsx";
import { ImportSummary } from "../components/import-summary.tsx";
import { SAMPLE_CSV_PATH } from "../components/first-morning.tsx";
import { MAX_IMPORT_COLUMNS } from "../domain/import/limits.ts";
import { recordsAtLines, refusedWithCells } from "../domain/import/outcome.ts";
import type { ParsedImport } from "../domain/import/parse.ts";
import type { Records } from "../domain/import/read.ts";
import type { RejectedRow } from "../domain/import/rows.ts";
import { planImport } from "../domain/import/plan.ts";
import { type UnmatchedOwner, assignOwners, unmatchedOwnersSentence } from "../domain/import/owners.ts";
import { ownerChoices } from "../services/team.server.ts";
import { townsInUse, townsWanted } from "../domain/places.ts";
import {
  describeChangeCounts,
  describeReading,
  fieldOptions,
  PREVIEW_ROWS,
  previewColumns,
  skippedSummary,
} from "../domain/import/preview.ts";
import { readUpload } from "../domain/import/spreadsheet.ts";
import { parseFormBody } from "../http/form-body.server.ts";
import { loadTowns } from "../services/towns.server.ts";
import { recallMapping, rememberMapping } from "../services/import-mappings.server.ts";
import { postedValueChoices, recallValueChoices, rememberValueChoices } from "../services/import-values.server.ts";
import { askedSentence, chosenSentence, listedValues } from "../domain/import/value-table.ts";
import { findOutcome, findUpload, forgetUpload, keepOutcome, keepUpload, oneImportAtATime } from "../services/import-uploads.server.ts";
import { ImportInterrupted, type ImportWritten, commitImportInChunks, importStopped } from "../services/import-commit.server.ts";
import { countIntroVia, introPathsSentence } from "../domain/import/intro-via.ts";
import { STORAGE_STATUS, noteStorageFault, storageFaultOf, unlessStorageFails } from "../http/storage-failure.server.ts";
import { finishInTurns } from "../services/turns.server.ts";

/** 20,000 rows of a wide list (about 450 bytes a row) fit; docs/api.md and the page say the limit. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = "The file is larger than 10 MB. Split it into smaller files.";
/** Room for the multipart framing around the file (boundaries, part headers, the mapping fields). */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Mapping fields read from the form: one per column, at most this many columns. */
const MAX_COLUMNS = MAX_IMPORT_COLUMNS;

type Upload = {
  bytes: Uint8Array;
  name: string;
  token: string;
  intent: string;
  targets: Array<string | undefined>;
  /** What the founder chose values mean (decision 052). */
  values: Map<string, string>;
  sheet?: string;
};

async function readUploadForm(request: Request, now: number): Promise<Upload | { error: string; status: number }> {
  // Counted as it streams, chunked or not: a larger upload is cut off at the limit, never buffered.
  const body = await parseFormBody(request, { maxBytes: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES, tooLarge: TOO_LARGE });
  if (!body.ok) return { error: body.message, status: body.status };
  const form = body.form;
  const intent = String(form.get("intent") ?? "preview");
  // "Read this sheet" reads the sheet picked with columns guessed afresh; every other post reads
  // the sheet the page showed, so "Import" writes what was previewed whatever the select says now.
  const sheetField = form.get(intent === "sheet" ? "sheet" : "shown_sheet");
  const sheet = typeof sheetField === "string" && sheetField !== "" ? sheetField : undefined;
  const targets: Array<string | undefined> = [];
  for (let index = 0; index < MAX_COLUMNS; index++) {
    const value = intent === "sheet" ? null : form.get(`map.${index}`);
    targets.push(typeof value === "string" ? value : undefined);
  }
  const values = intent === "sheet" ? new Map<string, string>() : postedValueChoices(form);
  const file = form.get("file");
  // A browser sends an empty part without a name when no file was chosen; a named one was chosen.
  if (file instanceof File && file.size === 0 && file.name !== "") return { error: "This file is empty.", status: 400 };
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_UPLOAD_BYTES) return { error: TOO_LARGE, status: 413 };
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { bytes, name: file.name, token: keepUpload(bytes, file.name, now), intent, targets, values, sheet };
  }
  const csv = form.get("csv");
  if (typeof csv === "string" && csv.trim() !== "") {
    const bytes = new TextEncoder().encode(csv);
    if (bytes.byteLength > MAX_UPLOAD_BYTES) return { error: TOO_LARGE, status: 413 };
    return { bytes, name: "pasted.csv", token: keepUpload(bytes, "pasted.csv", now), intent, targets, values, sheet };
  }
  const token = form.get("upload");
  if (typeof token === "string" && token !== "") {
    const kept = findUpload(token, now);
    if (!kept)
      return {
        error: "That preview has expired (files are kept for an hour, and not across a restart). Choose the file again.",
        status: 400,
      };
    return { bytes: kept.bytes, name: kept.name, token, intent, targets, values, sheet };
  }
  return { error: "Choose a CSV or Excel file to import.", status: 400 };
}

/** After a commit the founder lands here with `?done=`: what the import did (kept for an hour). */
export function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  const stopped = importStopped(app);
  const done = new URL(request.url).searchParams.get("done");
  if (done === null) return { summary: null, expired: false, stopped };
  const outcome = findOutcome(done, app.now().getTime());
  if (!outcome) return { summary: null, expired: true, stopped };
  const { refused, header: _header, ...counts } = outcome;
  return { summary: { ...counts, refused: refused.length, token: done }, expired: false, stopped };
}

export async function action(args: Route.ActionArgs) {
  const actor = requestActor(args.context);
  const outcome = await oneImportAtATime(
    () => importAction(args),
    actor.kind === "member" ? { memberId: actor.memberId, name: actor.name } : null,
  );
  if (!("busy" in outcome)) return outcome;
  return data({ error: outcome.busy, preview: null }, { status: 503, headers: { "retry-after": String(outcome.retryAfterSeconds) } });
}

async function importAction({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const input = await readUploadForm(request, app.now().getTime());
  if ("error" in input) return data({ error: input.error, preview: null }, { status: input.status });

  // Loaded on the first import: the countries data it resolves places with is a few MB of heap
  // that a server which never imports should not carry.
  const { MAX_IMPORT_ROWS, parseInvestorRecordsSteps } = await import("../domain/import/parse.ts");
  const read = () => readUpload(input.bytes, MAX_IMPORT_ROWS, input.sheet);
  const records = await read();
  if ("error" in records) return data({ error: records.error, preview: null }, { status: 400 });
  const headerAt = records.records.findIndex((record) => record.some((cell) => cell.trim() !== ""));
  const header = records.records[headerAt] ?? [];
  // What is kept of the file's records: the parse lets each go once read (decision 072).
  const firstRow = records.records[headerAt + 1];
  const sample = records.records.slice(headerAt + 1, headerAt + 201);
  // A new file (no column chosen on this page yet) starts from the choices made for its headers last time.
  const recalled = input.targets.every((target) => target === undefined) ? recallMapping(app, header) : undefined;
  const parse = (file: Records) =>
    finishInTurns(
      parseInvestorRecordsSteps(file, {
        targets: recalled ?? input.targets,
        values: { chosen: input.values, remembered: recallValueChoices(app) },
        release: true,
      }),
    );
  townsWanted();
  let first: ParsedImport | undefined = await parse(records);
  // A town the countries data does not know: the cities data is loaded (once for the process's
  // life, decision 055) and the file read again, from its bytes (its records were let go as they
  // were parsed), the first reading let go first. A file of countries and capitals never loads it.
  if (!townsInUse() && townsWanted()) {
    first = undefined;
    await loadTowns();
  }
  const again = first ? undefined : await read();
  if (again && "error" in again) return data({ error: again.error, preview: null }, { status: 400 });
  const parsed = first ?? (await parse(again as Records));
  if (parsed.error) return data({ error: parsed.error, preview: null }, { status: 400 });
  // A value nobody decided is never imported as a default: the import waits for the founder's choice.
  const asked = askedSentence(parsed.values);
  if (input.intent === "commit" && !asked) {
    let classified: ClassifiedUpdates | undefined;
    let rejected: RejectedRow[] = [];
    let unmatched: UnmatchedOwner[] = [];
    let written: ImportWritten;
    try {
      // Planned when its turn comes: another import may have finished meanwhile.
      written = await commitImportInChunks(
        app,
        requestActor(context),
        () => {
          // The Owner column's names as the team's members (decision 062); the others are said, not imported.
          const owned = assignOwners(planImport(parsed, existingForImport(app.db, parsed.rows)), ownerChoices(app, false));
          const plan = owned.plan;
          unmatched = owned.unmatched;
          classified = classifyUpdates(app.db, plan, 0);
          rejected = plan.rejected;
          return plan;
        },
        input.name,
      );
    } catch (error) {
      return importStoppedByStorage(error);
    }
    const refused = refusedWithCells(header, rejected, await refusedCells(parsed, rejected, read));
    forgetUpload(input.token);
    if (parsed.mapping) {
      // The import is saved: the columns remembered for next time are a convenience, and a full
      // disk that refuses them must not turn a saved import into an error.
      unlessStorageFails(() =>
        rememberMapping(
          app,
          header,
          sample,
          parsed.mapping!.columns.map((column) => column.target),
        ),
      );
    }
    unlessStorageFails(() => rememberValueChoices(app, input.values, listedValues(parsed.values)));
    const done = keepOutcome(
      {
        created: written.created,
        updated: written.updated,
        changes: classified ? describeChangeCounts(classified.changeCounts) : "",
        unchanged: classified?.unchanged ?? 0,
        chosen: chosenSentence(parsed.rows),
        cellsLeftOut: parsed.rows.reduce((sum, row) => sum + row.skipped.length, 0),
        owners: unmatchedOwnersSentence(unmatched),
        intro: introPathsSentence(written.introPaths, written.introPeople),
        ...refused,
      },
      app.now().getTime(),
    );
    return redirect(`/investors/import?done=${done}`, 303);
  }
  const { plan, unmatched } = assignOwners(planImport(parsed, existingForImport(app.db, parsed.rows)), ownerChoices(app, false));
  const classified = classifyUpdates(app.db, plan, PREVIEW_ROWS);
  const workbook = records.sheets && records.sheet !== undefined ? { sheets: records.sheets, sheet: records.sheet } : undefined;

  const answer = {
    error: input.intent === "commit" ? asked : null,
    preview: {
      token: input.token,
      reading: [
        ...describeReading(records.encoding, records.delimiter, parsed, workbook),
        ...(recalled ? ["Using the columns you chose last time for a file with these column names (change any below)."] : []),
      ],
      sheets: workbook?.sheets ?? [],
      sheet: workbook?.sheet ?? null,
      columns: previewColumns(parsed, firstRow),
      fields: fieldOptions(),
      counts: { create: plan.create.length, update: classified.changedCount, rejected: plan.rejected.length },
      changes: describeChangeCounts(classified.changeCounts),
      notesKept: classified.notesKept,
      keptInApp: {
        count: classified.keptInAppCount,
        rows: classified.keptInApp.slice(0, 5).map((row) => ({ name: row.name, words: appOwnedWords(row.columns) })),
      },
      create: plan.create
        .slice(0, PREVIEW_ROWS)
        .map((row) => ({ line: row.line, name: row.profile.name, firm: row.profile.firm ?? null, email: row.profile.email ?? null })),
      update: classified.changed.map((row) => ({
        line: row.line,
        id: row.id,
        name: row.profile.name,
        firm: row.profile.firm ?? null,
        columns: row.columns,
      })),
      unchanged: classified.unchanged,
      rejected: plan.rejected.slice(0, PREVIEW_ROWS),
      skipped: skippedSummary(plan),
      warnings: plan.warnings,
      values: parsed.values ?? [],
      asked,
      owners: unmatchedOwnersSentence(unmatched),
      intro: (({ paths, people }) => introPathsSentence(paths, people))(countIntroVia([...plan.create, ...plan.update])),
    },
  };
  return input.intent === "commit" ? data(answer, { status: 400 }) : answer;
}

/**
 * The cells of the refused rows, for their file: the parse kept those it refused; a row the plan
 * refused (two rows reaching one saved investor) had its record let go, so the file is read again
 * for those lines, which only such an import pays for.
 */
async function refusedCells(
  parsed: ParsedImport,
  rejected: readonly RejectedRow[],
  read: () => ReturnType<typeof readUpload>,
): Promise<ReadonlyMap<number, string[]>> {
  const kept = parsed.refusedCells ?? new Map<number, string[]>();
  const missing = new Set(rejected.filter((row) => !kept.has(row.line)).map((row) => row.line));
  if (missing.size === 0) return kept;
  const file = await read();
  return "error" in file ? kept : new Map([...kept, ...recordsAtLines(file, missing)]);
}

/**
 * An import the storage stopped (a full disk, a read-only file): the page says how many rows were
 * saved (whole chunks, recognised when the same file is imported again) and what to do
 * (decision 058). Any other error is thrown on.
 */
function importStoppedByStorage(error: unknown) {
  const fault = storageFaultOf(error);
  if (!fault) throw error;
  noteStorageFault(fault);
  const saved = error instanceof ImportInterrupted ? error.saved : 0;
  const total = error instanceof ImportInterrupted ? error.total : 0;
  const what =
    saved === 0
      ? "Nothing from this file was saved"
      : `${saved.toLocaleString("en")} of ${total.toLocaleString("en")} rows were saved; the rest were not`;
  const cause = fault.kind === "full" ? "the server's disk is full" : "the server cannot write to its database";
  const todo =
    fault.kind === "full"
      ? "Free some space on the server's disk (or ask whoever runs it), then import the same file again"
      : "Check the server's disk and its log, then import the same file again";
  return data(
    {
      error: `${what}: ${cause}. ${todo}${saved > 0 ? ": the rows already saved are recognised and left as they are" : ""}.`,
      preview: null,
    },
    { status: STORAGE_STATUS[fault.kind] },
  );
}

export default function ImportInvestors({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const preview = actionData?.preview;
  const summary = actionData ? null : loaderData.summary;
  return (
    <>
      <div className="page-head">
        <h1>Import investors from CSV</h1>
        <p className="muted">
          Bring your list as it is: a CSV (comma, semicolon or tab; UTF-8, UTF-16 or Windows-1252) or an Excel <code>.xlsx</code> (first
          sheet, or the one you pick), up to 20,000 rows and 10 MB. Columns are recognised by their names (Name, Fund, Stage, Cheque range,
          Countries, Status, Last contact, Notes… in English, Spanish, Portuguese or Japanese) and you can change any of them before
          importing. Statuses, stages and kinds are read in your tracker's own words, and any word the app cannot read is asked about, never
          guessed. An investor you already have (same email, else same name, unless the firm or website differs) is updated, not duplicated.
          Nothing is saved until you confirm.
        </p>
        <p>
          Not sure what a list looks like? Download the{" "}
          <a href={SAMPLE_CSV_PATH} download>
            sample CSV
          </a>{" "}
          (made-up investors, in the columns this page reads): import it as it is to look around, or open it to copy its columns.
        </p>
      </div>
      {summary ? <ImportSummary summary={summary} /> : null}
      {preview || summary ? null : <ImportStopped stopped={loaderData.stopped} on="import" />}
      {loaderData.expired && !actionData ? (
        <p className="form-error" role="alert">
          That summary has expired (it is kept for an hour, and not across a restart). What was imported is in your pipeline.
        </p>
      ) : null}
      <section className="panel">
        <Form method="post" encType="multipart/form-data" action="/investors/import">
          <label htmlFor="file">CSV file (or Excel .xlsx)</label>
          <input
            id="file"
            name="file"
            type="file"
            accept=".csv,.tsv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
          />
          <button type="submit" name="intent" value="preview" className="button-primary" disabled={busy}>
            Preview
          </button>
        </Form>
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
      </section>
      {preview ? <ImportPreview preview={preview} busy={busy} /> : null}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Import investors · Investor Pipeline" }];

// A refused import's Retry-After (another is being read) reaches the page response only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
};
