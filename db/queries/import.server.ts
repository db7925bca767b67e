import { eq, inArray } from "drizzle-orm";
import type { ExistingInvestor, ImportPlan } from "#app/domain/import/plan.ts";
import type { ImportRow } from "#app/domain/import/rows.ts";
import { laterDate } from "#app/domain/investor-edit.ts";
import type { AppDatabase, Db } from "../database.server.ts";
import { investors } from "../schema.ts";
import { profileColumns } from "./investors.server.ts";

/** Import column → investors column, for updates that write only the cells that were given. */
const COLUMN_OF = {
  name: "name",
  firm: "firm",
  kind: "kind",
  website: "website",
  linkedin_url: "linkedinUrl",
  email: "email",
  sectors: "sectors",
  stages: "stages",
  geographies: "geographies",
  check_min: "checkMin",
  check_max: "checkMax",
  check_currency: "checkCurrency",
  relationship_status: "relationshipStatus",
  last_contact_date: "lastContactDate",
  personal_notes: "personalNotes",
  amount: "amount",
  amount_currency: "amountCurrency",
  next_step: "nextStep",
  next_step_date: "nextStepDate",
  meeting_date: "meetingDate",
  pass_reason: "passReason",
  pass_note: "passNote",
} as const;

/** The real investors an import may match: identity columns only (demo rows never match). */
export function existingForImport(db: AppDatabase): ExistingInvestor[] {
  // Plain rows, no mapping: an import beside 10,000 investors reads them all at once.
  return db.$client.prepare("select id, name, firm, email, website from investors where is_demo = 0").all() as ExistingInvestor[];
}

function rowColumns(row: ImportRow) {
  return {
    ...profileColumns(row.profile),
    checkCurrency: row.check_currency ?? null,
    relationshipStatus: row.relationship_status ?? "not_contacted",
    lastContactDate: row.last_contact_date ?? null,
    personalNotes: row.personal_notes ?? null,
    importedNotes: row.personal_notes ?? null,
    amount: row.amount ?? null,
    amountCurrency: row.amount_currency ?? null,
    nextStep: row.next_step ?? null,
    nextStepDate: row.next_step_date ?? null,
    meetingDate: row.meeting_date ?? null,
    passReason: row.pass_reason ?? null,
    passNote: row.pass_note ?? null,
  };
}

type UpdateRow = ImportPlan["update"][number];

/** Notes edited in the app since the last import wrote them (or written there first) are the founder's. */
function notesWrittenInApp(current: Record<string, unknown>): boolean {
  const notes = current.personalNotes as string | null;
  return Boolean(notes) && notes !== (current.importedNotes as string | null);
}

/**
 * What an import row changes. The user-owned columns are protected from an older file: the
 * last-contact date only moves forward, notes written in the app are kept (notes an import wrote
 * and nobody edited since follow the file: decision 023, superseding that part of 005), and the
 * status, money, next step, meeting and pass reason the founder set in the app are kept
 * (`app_owned`, decision 038).
 */
export function changedColumns(row: UpdateRow, current: Record<string, unknown>): Record<string, unknown> {
  const all = rowColumns(row) as Record<string, unknown>;
  const set: Record<string, unknown> = {};
  const appOwned = new Set((current.appOwned as string[] | undefined) ?? []);
  for (const column of row.given) {
    const key = COLUMN_OF[column];
    if (appOwned.has(key)) continue;
    let next = all[key];
    if (key === "lastContactDate") next = laterDate((current[key] as string | null) ?? null, next as string | null);
    if (key === "personalNotes" && notesWrittenInApp(current)) continue;
    if (JSON.stringify(next ?? null) !== JSON.stringify(current[key] ?? null)) set[key] = next;
  }
  if ("personalNotes" in set) set.importedNotes = set.personalNotes;
  return set;
}

/** The saved real rows the plan's updates would touch, by id (demo rows are never matched). */
function savedRows(db: Db, rows: UpdateRow[]): Map<number, Record<string, unknown>> {
  const found = new Map<number, Record<string, unknown>>();
  // In slices: SQLite binds at most 32,766 parameters in one statement.
  for (let start = 0; start < rows.length; start += 5_000) {
    const ids = rows.slice(start, start + 5_000).map((row) => row.id);
    for (const row of db.select().from(investors).where(inArray(investors.id, ids)).all()) {
      if (!row.isDemo) found.set(row.id, row);
    }
  }
  return found;
}

export type ChangedRow = UpdateRow & { columns: string[]; notesKept: boolean; keptInApp: string[] };

/** The app-owned columns whose saved value the file would have changed: kept, and said so in the preview. */
function keptInApp(row: UpdateRow, saved: Record<string, unknown>): string[] {
  const owned = new Set((saved.appOwned as string[] | undefined) ?? []);
  if (owned.size === 0) return [];
  const all = rowColumns(row) as Record<string, unknown>;
  return row.given
    .map((column) => COLUMN_OF[column])
    .filter((key) => owned.has(key) && JSON.stringify(all[key] ?? null) !== JSON.stringify(saved[key] ?? null));
}

/**
 * Splits the plan's updates into those that change something (with the columns they change, for
 * the preview) and those identical to what is saved, so importing the same file twice changes
 * nothing (not even updated_at).
 */
export function classifyUpdates(
  db: AppDatabase,
  plan: ImportPlan,
): { changed: ChangedRow[]; unchanged: UpdateRow[]; keptInApp: Array<{ name: string; columns: string[] }> } {
  const current = savedRows(db, plan.update);
  const changed: ChangedRow[] = [];
  const unchanged: UpdateRow[] = [];
  const keptRows: Array<{ name: string; columns: string[] }> = [];
  for (const row of plan.update) {
    const saved = current.get(row.id);
    if (!saved) continue;
    const columns = Object.keys(changedColumns(row, saved)).filter((column) => column !== "importedNotes");
    const notesKept =
      row.given.includes("personal_notes") && notesWrittenInApp(saved) && saved.personalNotes !== (row.personal_notes ?? null);
    const kept = keptInApp(row, saved);
    if (kept.length > 0) keptRows.push({ name: row.profile.name, columns: kept });
    if (columns.length > 0) changed.push({ ...row, columns, notesKept, keptInApp: kept });
    else unchanged.push(row);
  }
  return { changed, unchanged, keptInApp: keptRows };
}

/**
 * Writes (part of) a previewed import in one transaction: creates new investors and updates
 * matched ones (only the cells the file gave). Real rows only. The caller re-scores what it
 * touched in the same transaction (commitImportScored).
 */
export function commitImport(db: AppDatabase, plan: ImportPlan, now: Date): { created: number; updated: number; touched: number[] } {
  const stamp = now.toISOString();
  return db.transaction((t) => {
    const touched: number[] = [];
    for (const row of plan.create) {
      const { id } = t
        .insert(investors)
        .values({ ...rowColumns(row), isDemo: false, createdAt: stamp, updatedAt: stamp })
        .returning({ id: investors.id })
        .get();
      touched.push(id);
    }
    const current = savedRows(t, plan.update);
    let updated = 0;
    for (const row of plan.update) {
      const saved = current.get(row.id);
      if (!saved) continue;
      const set = changedColumns(row, saved);
      if (Object.keys(set).length === 0) continue;
      t.update(investors)
        .set({ ...set, updatedAt: stamp })
        .where(eq(investors.id, row.id))
        .run();
      touched.push(row.id);
      updated++;
    }
    return { created: plan.create.length, updated, touched };
  });
}
