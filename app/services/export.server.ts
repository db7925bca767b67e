import type { Db } from "#db/database.server.ts";
import {
  EXPORT_ROWS_PER_CHUNK,
  type ExportSnapshot,
  type ExportedMail,
  type MailKey,
  activityAfterForExport,
  evaluationsAfter,
  exportedMembers,
  exportedInvestorsAfter,
  mailContactsAfter,
  openExportSnapshot,
  csvInvestorsAfter,
  realStartupsWithRubrics,
  scoresAfter,
} from "#db/queries/export.server.ts";
import { readSavedFounderSettings } from "#db/queries/founder-settings.server.ts";
import { readRound } from "#db/queries/round.server.ts";
import { introPathsAfterForExport, peopleAfterForExport } from "#db/queries/intro-export.server.ts";
import { deckLinksAfterForExport, deckViewsAfterForExport } from "#db/queries/deck-export.server.ts";
import type { App } from "../app-context.ts";
import { csvLine } from "../domain/csv-write.ts";
import { IMPORT_COLUMNS } from "../domain/import/fields.ts";
import { roundJson } from "../domain/round-input.ts";
import { apiError } from "../http/api-error.ts";
import { log } from "../log.server.ts";

/**
 * /export.json and /export.csv, streamed from one snapshot of the database (decision 056): the
 * rows are read a chunk at a time (db/queries/export.server.ts) as the client takes the bytes, so
 * the process holds one chunk and what the socket buffers, whatever the number of investors or
 * startups. The first part is read before the answer starts: a failure then is an honest error
 * in the API's format. A failure after the first byte cannot change the status any more: the
 * answer is cut (no closing bracket, so the JSON does not parse; the CSV's last line is missing
 * with no end of stream) and the log says so.
 */

/**
 * The parts (a record each) are joined into chunks of about this many characters before they are
 * encoded and queued: small enough to live and die in V8's young generation (a string past
 * 128 KiB goes to the large-object space, freed only by a full collection, and the first version,
 * which queued a chunk of 200 investors as one string, peaked 20 MiB higher at 25,000 investors
 * than at 1,000), large enough that a socket write carries many records.
 */
const CHUNK_CHARS = 32 * 1024;

/** An export still streaming after this long is cut (its snapshot keeps the WAL from being checkpointed). */
export const EXPORT_MAX_MS = 15 * 60_000;

/** The CSV's columns: the ones the import reads first, so the file round-trips. */
const CSV_HEADER = [
  ...IMPORT_COLUMNS,
  "id",
  "score",
  "action",
  "signal_activity",
  "signal_fit",
  "signal_hook",
  "signal_red_flag",
  "signals_checked_at",
  // Whose round the amount is for (a startup's id in /export.json; null = the round raising now). The import does not read it.
  "amount_startup_id",
  // Who can introduce the team (decision 065): the people's names, "; "-joined, read back by the import's Intro via column.
  "intro_via",
  // The deck (decision 068): views by people (bots apart), and the newest read's time. The import does not read them.
  "deck_views",
  "deck_last_read",
];

/**
 * The JSON file in parts: the top level formatted on lines, each investor, email, evaluation and
 * score compact on a line of its own (a 25,000-investor file is about half the size it would be
 * indented, and still reads and diffs a record a line).
 */
function* jsonParts(db: Db, now: Date): Generator<string> {
  const { founderName, pitch, meetingLink } = readSavedFounderSettings(db);
  const founder = JSON.stringify({ name: founderName, pitch, meeting_link: meetingLink });
  const current = readRound(db);
  yield `{\n"exported_at": ${JSON.stringify(now.toISOString())},\n"round": ${JSON.stringify(roundJson(current.round, current.totals))},\n"members": [`;
  // The team first (a handful): the investors' owners and the activity's authors name them.
  yield exportedMembers(db)
    .map((member) => `\n${JSON.stringify(member)}`)
    .join(",");
  yield `\n],\n"investors": [`;
  yield* items(
    0,
    (after) => exportedInvestorsAfter(db, after),
    (investor) => investor.id,
  );
  yield `\n],\n"mail_contacts": [`;
  yield* items<MailKey | null, ExportedMail>(
    null,
    (after) => mailContactsAfter(db, after),
    (mail) => ({ investorId: mail.investor_id, sentAt: mail.sent_at, id: mail.id }),
  );
  yield `\n],\n"startups": [`;
  let separator = "\n";
  for (const startup of realStartupsWithRubrics(db)) {
    // The startup's own columns and rubrics, then its evaluations and scores as arrays that stream.
    yield `${separator}${JSON.stringify(startup).slice(0, -1)},\n"evaluations": [`;
    separator = ",\n";
    yield* items(
      0,
      (after) => evaluationsAfter(db, startup.id, after),
      (row) => row.investorId,
    );
    yield `\n],\n"scores": [`;
    yield* items(
      0,
      (after) => scoresAfter(db, startup.id, after),
      (row) => row.investorId,
    );
    yield "\n]}";
  }
  // Warm intros (decision 065): the people, then the paths that name them and the investors.
  yield `\n],\n"people": [`;
  yield* items(
    0,
    (after) => peopleAfterForExport(db, after),
    (person) => person.id,
  );
  yield `\n],\n"intro_paths": [`;
  yield* items(
    0,
    (after) => introPathsAfterForExport(db, after),
    (path) => path.id,
  );
  // Deck links and their views (decision 068): the links, then the views that name them.
  yield `\n],\n"deck_links": [`;
  yield* items(
    0,
    (after) => deckLinksAfterForExport(db, after, EXPORT_ROWS_PER_CHUNK),
    (link) => link.id,
  );
  yield `\n],\n"deck_views": [`;
  yield* items(
    0,
    (after) => deckViewsAfterForExport(db, after, EXPORT_ROWS_PER_CHUNK),
    (view) => view.id,
  );
  yield `\n],\n"activity": [`;
  yield* items(
    0,
    (after) => activityAfterForExport(db, after),
    (row) => row.id,
  );
  yield `\n],\n"founder": ${founder}\n}\n`;
}

/** An array's elements, a chunk at a time: each read starts after the key of the last row read. */
function* items<K, T>(start: K, read: (after: K) => T[], keyOf: (row: T) => K): Generator<string> {
  let separator = "\n";
  for (let after = start; ; ) {
    const chunk = read(after);
    if (chunk.length === 0) return;
    for (const row of chunk) {
      yield separator + JSON.stringify(row);
      separator = ",\n";
    }
    after = keyOf(chunk.at(-1)!);
  }
}

/** The CSV file in parts: a byte-order mark and the header, then a chunk of investors at a time. */
function* csvParts(db: Db): Generator<string> {
  yield `\uFEFF${csvLine(CSV_HEADER)}\r\n`;
  for (let after = 0; ; ) {
    const rows = csvInvestorsAfter(db, after);
    if (rows.length === 0) break;
    for (const row of rows) {
      yield `${csvLine([
        row.name,
        row.firm,
        row.kind,
        row.website,
        row.linkedinUrl,
        row.email,
        row.sectors,
        row.stages,
        row.geographies,
        row.basedIn,
        row.checkMin,
        row.checkMax,
        row.checkCurrency,
        row.relationshipStatus,
        row.lastContactDate,
        row.personalNotes,
        row.amount,
        row.amountCurrency,
        row.nextStep,
        row.nextStepDate,
        row.meetingDate,
        row.passReason,
        row.passNote,
        row.owner,
        row.id,
        row.score,
        row.action,
        row.signalActivity,
        row.signalFit,
        row.signalHook,
        row.signalRedFlag,
        row.signalsCheckedAt,
        row.amountStartupId,
        row.introVia,
        row.deckViews,
        row.deckLastRead,
      ])}\r\n`;
    }
    after = rows.at(-1)!.id;
  }
}

export type ExportKind = "json" | "csv";

/**
 * The export's body: a stream that reads the next chunk only when the client has taken the last
 * (pull, one chunk queued), from a snapshot opened now. Throws an error Response (500
 * `export_failed`) when even the first part cannot be read: nothing has been sent then.
 */
export function exportStream(app: App, kind: ExportKind, now = app.now()): ReadableStream<Uint8Array> {
  let snapshot: ExportSnapshot | undefined;
  let first: IteratorResult<string>;
  let parts: Generator<string>;
  try {
    snapshot = openExportSnapshot(app.db);
    parts = kind === "json" ? jsonParts(snapshot.db, now) : csvParts(snapshot.db);
    first = parts.next();
  } catch (error) {
    snapshot?.close();
    log.error(`/export.${kind} could not be read; nothing was sent`, { error: describe(error) });
    throw apiError(500, "export_failed", "The export could not be read from the database. Nothing was sent: try again in a moment.");
  }
  const encoder = new TextEncoder();
  let pending = "";
  const startedAt = performance.now();
  let bytes = 0;
  const finish = () => snapshot?.close();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first.done) {
          finish();
          controller.close();
          return;
        }
        // The first part (read before the answer began) goes out with the next ones.
        pending = first.value;
      },
      async pull(controller) {
        // A client that reads as fast as we write (an uncompressed download on loopback) asks for
        // the next chunk at once: a turn of the event loop first, so the founder's other requests
        // are answered between chunks (an attack saw GET / wait 2.3 s behind a 119 MB export).
        await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          if (performance.now() - startedAt > EXPORT_MAX_MS) throw new Error(`still streaming after ${EXPORT_MAX_MS / 60_000} minutes`);
          let text = pending;
          pending = "";
          let done = false;
          while (text.length < CHUNK_CHARS) {
            const next = parts.next();
            if (next.done) {
              done = true;
              break;
            }
            text += next.value;
          }
          if (text !== "") {
            const chunk = encoder.encode(text);
            bytes += chunk.byteLength;
            controller.enqueue(chunk);
          }
          if (done) {
            finish();
            controller.close();
          }
        } catch (error) {
          finish();
          log.error(`/export.${kind} was cut short after ${bytes} bytes: the client has an incomplete file`, { error: describe(error) });
          controller.error(error);
        }
      },
      cancel() {
        // The client went away: the snapshot is let go at once.
        finish();
      },
    },
    { highWaterMark: 1 },
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
