import { and, eq, sql } from "drizzle-orm";
import { type IntroVia, introViaOfNotes } from "#app/domain/import/intro-via.ts";
import type { Db } from "../database.server.ts";
import { introPaths, investors } from "../schema.ts";
import { readState, writeState } from "./app-state.server.ts";
import { ensurePerson } from "./intros.server.ts";

/**
 * Intro paths from a founder's sheet (decision 065): the Intro via column's people made persons and
 * `import` paths. The import records them in its ONE activity entry (decision 061: counts), so
 * they are written here without an entry each; everything else goes through intros.server.ts.
 */

export type IntroViaRow = {
  investorId: number;
  people: readonly IntroVia[];
  memberId: number | null;
  isDemo: boolean;
  /** The sheet's status says the intro was requested (YYYY-MM-DD since when): the row's first person's new path is asked. */
  askedOn?: string | null;
};

/** What a chunk of an import added: new paths, and the people they run through (ids, to count once over chunks). */
export type IntroViaAdded = { paths: number; personIds: number[] };

/**
 * Each person of each row ensured (the member who knows them: the row's owner, else the importing
 * member) and a path from them to the investor, unless that path is there already (a re-import
 * adds nothing, and keeps the state a member moved it to).
 */
export function addIntroViaPaths(db: Db, rows: readonly IntroViaRow[], now: Date): IntroViaAdded {
  const at = now.toISOString();
  let paths = 0;
  const personIds = new Set<number>();
  for (const row of rows) {
    for (const [index, person] of row.people.entries()) {
      const personId = ensurePerson(
        db,
        { name: person.name, emails: person.email ? [person.email] : [], knownByMemberId: row.memberId, isDemo: row.isDemo },
        now,
      );
      if (personId === null) continue;
      const added = db
        .insert(introPaths)
        .values({
          investorId: row.investorId,
          personId,
          memberId: row.memberId,
          source: "import",
          evidence: person.written,
          ...(index === 0 && row.askedOn ? { state: "asked" as const, askedOn: row.askedOn, stateAt: at } : {}),
          isDemo: row.isDemo,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: introPaths.id })
        .all();
      if (added.length > 0) {
        paths++;
        personIds.add(personId);
      }
    }
  }
  return { paths, personIds: [...personIds] };
}

/** app_state's mark that the notes' "Intro path:" lines of an older import were read as paths. */
export const INTRO_NOTES_READ = "intro_notes_read";

/**
 * Once per database (at start): the "Intro path: …" lines an older import wrote into the notes
 * become people and paths, through the investor's owner when it has one. The notes are the
 * founder's and stay as they are. Idempotent: marked done in app_state in the same transaction,
 * and a path already there is left alone. Returns the paths added.
 */
export function readIntroNotesOnce(db: Db, now: Date): number {
  if (readState(db, INTRO_NOTES_READ) !== undefined) return 0;
  return db.transaction((t) => {
    let added = 0;
    const found = t
      .select({ id: investors.id, notes: investors.personalNotes, owner: investors.ownerMemberId, isDemo: investors.isDemo })
      .from(investors)
      .where(and(sql`instr(coalesce(${investors.personalNotes}, ''), 'Intro path:') > 0`, eq(investors.isDemo, false)))
      .all();
    const rows: IntroViaRow[] = [];
    for (const investor of found) {
      const people = introViaOfNotes(investor.notes);
      if (people.length > 0) rows.push({ investorId: investor.id, people, memberId: investor.owner, isDemo: investor.isDemo });
    }
    added = addIntroViaPaths(t, rows, now).paths;
    writeState(t, INTRO_NOTES_READ, now.toISOString(), now);
    return added;
  });
}
