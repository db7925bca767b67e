import { realInvestors } from "#db/queries/export.server.ts";
import { getApp } from "../app.server.ts";
import { csvLine } from "../domain/csv-write.ts";
import { IMPORT_COLUMNS } from "../domain/import/fields.ts";

/** One row per real investor; the columns the import reads come first, so the file round-trips. */
const HEADER = [
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
];

export async function loader() {
  const app = getApp();
  const lines = [csvLine(HEADER)];
  for (const row of realInvestors(app.db)) {
    lines.push(
      csvLine([
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
        row.id,
        row.score,
        row.action,
        row.signalActivity,
        row.signalFit,
        row.signalHook,
        row.signalRedFlag,
        row.signalsCheckedAt,
        row.amountStartupId,
      ]),
    );
  }
  const date = app.now().toISOString().slice(0, 10);
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="investors-${date}.csv"`,
      "cache-control": "no-store",
    },
  });
}
