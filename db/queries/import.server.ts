import { eq, inArray } from "drizzle-orm";
import type { ImportPlan, ImportRow } from "#app/domain/investor-import.ts";
import type { AppDatabase } from "../database.server.ts";
import { investors } from "../schema.ts";
import { laterDate } from "#app/domain/investor-edit.ts";
import { profileColumns } from "./investors.server.ts";

/** CSV column → investors column, for updates that write only the cells that were given. */
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
  relationship_status: "relationshipStatus",
  last_contact_date: "lastContactDate",
  personal_notes: "personalNotes",
} as const;

function rowColumns(row: ImportRow) {
  return {
    ...profileColumns(row.profile),
    relationshipStatus: row.relationship_status ?? "not_contacted",
    lastContactDate: row.last_contact_date ?? null,
    personalNotes: row.personal_notes ?? null,
  };
}

type UpdateRow = ImportPlan["update"][number];

/**
 * What an import row changes. Two user-owned columns are protected from an older file: the
 * last-contact date only moves forward, and private notes written in the app are kept (the file
 * fills them only when there are none).
 */
export function changedColumns(row: UpdateRow, current: Record<string, unknown>): Record<string, unknown> {
  const all = rowColumns(row) as Record<string, unknown>;
  const set: Record<string, unknown> = {};
  for (const column of row.given) {
    const key = COLUMN_OF[column];
    let next = all[key];
    if (key === "lastContactDate") next = laterDate((current[key] as string | null) ?? null, next as string | null);
    if (key === "personalNotes" && current[key]) next = current[key];
    if (JSON.stringify(next ?? null) !== JSON.stringify(current[key] ?? null)) set[key] = next;
  }
  return set;
}

/** The saved real rows the plan's updates would touch, by id (demo rows are never matched). */
function savedRows(db: AppDatabase, rows: UpdateRow[]): Map<number, Record<string, unknown>> {
  if (rows.length === 0) return new Map();
  return new Map(
    db
      .select()
      .from(investors)
      .where(
        inArray(
          investors.id,
          rows.map((row) => row.id),
        ),
      )
      .all()
      .filter((row) => !row.isDemo)
      .map((row) => [row.id, row as unknown as Record<string, unknown>]),
  );
}

/**
 * Splits the plan's updates into those that change something (with the columns they change, for
 * the preview) and those identical to what is saved, so importing the same file twice changes
 * nothing (not even updated_at).
 */
export function classifyUpdates(
  db: AppDatabase,
  plan: ImportPlan,
): { changed: Array<UpdateRow & { columns: string[] }>; unchanged: UpdateRow[] } {
  const current = savedRows(db, plan.update);
  const changed: Array<UpdateRow & { columns: string[] }> = [];
  const unchanged: UpdateRow[] = [];
  for (const row of plan.update) {
    const saved = current.get(row.id);
    if (!saved) continue;
    const columns = Object.keys(changedColumns(row, saved));
    if (columns.length > 0) changed.push({ ...row, columns });
    else unchanged.push(row);
  }
  return { changed, unchanged };
}

/**
 * Writes (part of) a previewed import in one transaction: creates new investors and updates
 * matched ones (only the cells the file gave). Real rows only. The caller re-scores what it
 * touched in the same transaction (commitImportScored).
 */
export function commitImport(db: AppDatabase, plan: ImportPlan, now: Date): { created: number; updated: number; touched: number[] } {
  const stamp = now.toISOString();
  return db.transaction((tx) => {
    const t = tx as unknown as AppDatabase;
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
