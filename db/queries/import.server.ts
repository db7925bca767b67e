import { eq, inArray } from "drizzle-orm";
import type { ExistingInvestor, ImportPlan } from "#app/domain/import/plan.ts";
import type { ImportRow } from "#app/domain/import/rows.ts";
import { tallyChanges } from "#app/domain/import/preview.ts";
import { laterDate } from "#app/domain/investor-edit.ts";
import { type UserOwnedValues, startingValues, userOwnedOf } from "#app/domain/people.ts";
import { emailKey, nameKey } from "#app/domain/import/identity.ts";
import { type AppDatabase, type Db, statement } from "../database.server.ts";
import { investors } from "../schema.ts";
import { type IntroViaAdded, type IntroViaRow, addIntroViaPaths } from "./intro-import.server.ts";
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
  based_in: "basedIn",
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
  owner: "ownerMemberId",
} as const;

/**
 * Keys the real investors saved or renamed since the last import (their identity_name is null),
 * so the next import reads only the rows its names could be. Called by a commit (a write already),
 * never by a preview. One update; after a first run it touches only what changed since.
 */
export function keyUnkeyedInvestors(db: AppDatabase): number {
  return statement(db, "update investors set identity_name = import_name_key(name) where is_demo = 0 and identity_name is null").run()
    .changes;
}

/** Names and emails asked of the database at once (SQLite's bound-parameter limit is far above; JSON keeps it one parameter). */
const KEYS_PER_QUERY = 500;

/**
 * Three reads by index, one per way a saved row can be among the file's (a row read twice is
 * yielded once). One `where … or … or …` was read by the score index instead, every real row (38 ms
 * at 32,000, per import); `+is_demo` keeps the email branch on the lower(email) index.
 */
export const EXISTING_FOR_IMPORT_SQL = `select id, name, firm, email, website from investors where is_demo = 0 and identity_name in (select value from json_each(@names))
  union all select id, name, firm, email, website from investors where +is_demo = 0 and lower(email) in (select value from json_each(@emails))
  union all select id, name, firm, email, website from investors where is_demo = 0 and identity_name is null`;

/**
 * The real investors an import may match (demo rows never match): only those whose name or email
 * is one of the file's (decision 064), read by the identity_name and lower(email) indexes, so a
 * 50-row import reads about 50 rows whatever the size of the pipeline. Rows not yet keyed (saved
 * by another path, or renamed, since the last import's commit) are read too: planImport decides.
 * Reads only, so a preview writes nothing. Identity columns only, as a cursor read once by planImport.
 */
export function existingForImport(
  db: AppDatabase,
  rows: readonly { profile: { name: string; email?: string | null } }[],
): Iterable<ExistingInvestor> {
  const names = [...new Set(rows.map((row) => nameKey(row.profile.name)))];
  const emails = [...new Set(rows.map((row) => emailKey(row.profile.email)).filter((key): key is string => key !== undefined))];
  const find = db.$client.prepare(EXISTING_FOR_IMPORT_SQL);
  return (function* () {
    const seen = new Set<number>();
    for (let start = 0; start < Math.max(names.length, emails.length); start += KEYS_PER_QUERY) {
      const batch = {
        names: JSON.stringify(names.slice(start, start + KEYS_PER_QUERY)),
        emails: JSON.stringify(emails.slice(start, start + KEYS_PER_QUERY)),
      };
      for (const row of find.iterate(batch) as IterableIterator<ExistingInvestor>) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        yield row;
      }
    }
  })();
}

function rowColumns(row: ImportRow) {
  return {
    ...profileColumns(row.profile),
    identityName: nameKey(row.profile.name),
    checkCurrency: row.check_currency ?? null,
    // A new row with a last contact and no status was contacted: never "not contacted", which
    // would put them in Email first (a founder's walkthrough: "Emailed her on 14/11", status blank).
    relationshipStatus: row.relationship_status ?? (row.last_contact_date ? "contacted" : "not_contacted"),
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
    ownerMemberId: row.owner_member_id ?? null,
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

/** What an update is compared with: the columns an import writes and the three that protect them. */
const COMPARED = {
  id: investors.id,
  isDemo: investors.isDemo,
  importedNotes: investors.importedNotes,
  appOwned: investors.appOwned,
  ...Object.fromEntries(Object.values(COLUMN_OF).map((key) => [key, investors[key]])),
} as { id: typeof investors.id; isDemo: typeof investors.isDemo };

/** Updates compared per statement: 20,000 saved rows read at once were most of the server's heap. */
const COMPARE_SLICE = 1_000;

/** The saved real rows a slice of the plan's updates would touch, by id (demo rows are never matched). */
function savedRows(db: Db, rows: UpdateRow[]): Map<number, Record<string, unknown>> {
  const found = new Map<number, Record<string, unknown>>();
  const ids = rows.map((row) => row.id);
  for (const row of db.select(COMPARED).from(investors).where(inArray(investors.id, ids)).all()) {
    if (!row.isDemo) found.set(row.id, row);
  }
  return found;
}

/** The plan's updates a slice at a time, each with what is saved for it (or undefined when it is gone). */
function* withSaved(db: Db, rows: UpdateRow[]): Generator<[UpdateRow, Record<string, unknown> | undefined]> {
  for (let start = 0; start < rows.length; start += COMPARE_SLICE) {
    const slice = rows.slice(start, start + COMPARE_SLICE);
    const current = savedRows(db, slice);
    for (const row of slice) yield [row, current.get(row.id)];
  }
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

export type ClassifiedUpdates = {
  /** The first `keep` updates that change something, with the columns they change (for the preview). */
  changed: ChangedRow[];
  changedCount: number;
  /** How many changed rows change each column (describeChangeCounts puts it in words). */
  changeCounts: Map<string, number>;
  unchanged: number;
  notesKept: number;
  /** The first `keep` rows whose app-owned cells are kept, and how many there are. */
  keptInApp: Array<{ name: string; columns: string[] }>;
  keptInAppCount: number;
};

/**
 * Splits the plan's updates into those that change something (with the columns they change, for
 * the preview) and those identical to what is saved, so importing the same file twice changes
 * nothing (not even updated_at). Reads what is saved a slice at a time and keeps counts and the
 * first `keep` rows, so 20,000 updates cost a slice of saved rows, not all of them.
 */
export function classifyUpdates(db: AppDatabase, plan: ImportPlan, keep = Number.POSITIVE_INFINITY): ClassifiedUpdates {
  const out: ClassifiedUpdates = {
    changed: [],
    changedCount: 0,
    changeCounts: new Map(),
    unchanged: 0,
    notesKept: 0,
    keptInApp: [],
    keptInAppCount: 0,
  };
  for (const [row, saved] of withSaved(db, plan.update)) {
    if (!saved) continue;
    const columns = Object.keys(changedColumns(row, saved)).filter((column) => column !== "importedNotes");
    const notesKept =
      row.given.includes("personal_notes") && notesWrittenInApp(saved) && saved.personalNotes !== (row.personal_notes ?? null);
    const kept = keptInApp(row, saved);
    if (kept.length > 0 && out.keptInAppCount++ < keep) out.keptInApp.push({ name: row.profile.name, columns: kept });
    if (columns.length === 0) {
      out.unchanged++;
      continue;
    }
    tallyChanges(out.changeCounts, columns);
    if (notesKept) out.notesKept++;
    if (out.changedCount++ < keep) out.changed.push({ ...row, columns, notesKept, keptInApp: kept });
  }
  return out;
}

/** What a commit wrote: counts, the ids to re-score, the user-owned values per investor id, the intro paths added. */
export type ImportCommitted = {
  created: number;
  updated: number;
  touched: number[];
  values: Record<string, UserOwnedValues>;
  intro: IntroViaAdded;
};

/**
 * Writes (part of) a previewed import in one transaction: creates new investors and updates
 * matched ones (only the cells the file gave). Real rows only. The caller re-scores what it
 * touched in the same transaction (commitImportScored). Answers, beside the counts, the
 * user-owned values it wrote per investor: the import's one activity entry carries them. The Intro
 * via column's people become intro paths (decision 065) known by the row's owner, else by `introBy`
 * (the importing member).
 */
export function commitImport(db: AppDatabase, plan: ImportPlan, now: Date, introBy: number | null = null): ImportCommitted {
  const stamp = now.toISOString();
  return db.transaction((t) => {
    const touched: number[] = [];
    const values: Record<string, UserOwnedValues> = {};
    const intro: IntroViaRow[] = [];
    const pathsOf = (row: ImportRow, investorId: number) => {
      if (row.intro_via && row.intro_via.length > 0)
        intro.push({
          investorId,
          people: row.intro_via,
          memberId: row.owner_member_id ?? introBy,
          isDemo: false,
          // The sheet says the intro was asked for: its first person's intro is asked, since the last contact.
          askedOn: row.relationship_status === "intro_requested" ? (row.last_contact_date ?? stamp.slice(0, 10)) : null,
        });
    };
    for (const row of plan.create) {
      const columns = rowColumns(row);
      const { id } = t
        .insert(investors)
        .values({ ...columns, isDemo: false, createdAt: stamp, updatedAt: stamp })
        .returning({ id: investors.id })
        .get();
      touched.push(id);
      pathsOf(row, id);
      // Every user-owned column it starts with: the replay of its activity starts from these (decision 061).
      values[id] = startingValues(columns);
    }
    let updated = 0;
    for (const [row, saved] of withSaved(t, plan.update)) {
      if (!saved) continue;
      pathsOf(row, row.id);
      const set = changedColumns(row, saved);
      if (Object.keys(set).length === 0) continue;
      t.update(investors)
        .set({ ...set, updatedAt: stamp })
        .where(eq(investors.id, row.id))
        .run();
      touched.push(row.id);
      updated++;
      const owned = userOwnedOf(set);
      if (Object.keys(owned).length > 0) values[row.id] = owned;
    }
    return { created: plan.create.length, updated, touched, values, intro: addIntroViaPaths(t, intro, now) };
  });
}
