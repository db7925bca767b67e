import type Database from "better-sqlite3";
import { type IndexedItem, type PaletteItem, fold, searchItems } from "#app/domain/palette-search.ts";
import type { RecommendedAction } from "#app/domain/investor.ts";
import { type AppDatabase, statement } from "../database.server.ts";

/**
 * Finding an investor by name or firm, a page at a time (decision 066): the palette and the search
 * page ask with the founder's words and get at most `limit` investors, whatever the pipeline holds.
 * It replaced a feed of every investor (3.1 MB at 25,000), rebuilt after every write.
 *
 * The ranking is the palette's own (`searchItems`), over an index of folded names and firms kept
 * per connection and side. The index follows the writes instead of being rebuilt after each: this
 * connection's temporary triggers name each investor inserted, deleted, or written in a column the
 * index holds, and the next search re-reads those rows only. A commit by another connection (a
 * script, a test) moves `data_version`, and the next search reads the side whole again.
 */

export type InvestorHit = PaletteItem & { action: RecommendedAction };

type SideIndex = { byId: Map<number, IndexedItem>; items: IndexedItem[] | null };
type Tracked = {
  /** Investors written on this connection since the last search took them in. */
  dirty: Set<number>;
  /** What the indexes were read at: another connection's commit or a schema change starts them over. */
  readAt: string | null;
  sides: { real: SideIndex | null; demo: SideIndex | null };
  /** Whole reads of a side (a test sees that a write is taken in without one). */
  wholeReads: number;
};
const trackedByConnection = new WeakMap<Database.Database, Tracked>();

const COLUMNS = "id, name, firm, score, action, is_demo";
type Row = { id: number; name: string; firm: string | null; score: number; action: RecommendedAction; is_demo: number };

/** Folded keys kept by their text: an index read again folds each distinct name once. */
const foldedKeys = new Map<string, string>();
/** Distinct names and firms kept at most (about 100 bytes each): past it the memo starts again. */
const MAX_FOLDED_KEYS = 100_000;

function foldKept(text: string): string {
  let key = foldedKeys.get(text);
  if (key === undefined) {
    if (foldedKeys.size >= MAX_FOLDED_KEYS) foldedKeys.clear();
    key = fold(text);
    foldedKeys.set(text, key);
  }
  return key;
}

function indexed(row: Row): IndexedItem {
  const nameKey = foldKept(row.name);
  const href = `${row.is_demo ? "/demo/investors/" : "/investors/"}${row.id}`;
  return {
    id: row.id,
    name: row.name,
    firm: row.firm,
    score: row.score,
    action: row.action,
    href,
    nameKey,
    haystack: `${nameKey} ${foldKept(row.firm ?? "")}`,
  };
}

/** The triggers and the function they call, once per connection (temporary: nothing in the schema). */
function tracking(db: AppDatabase): Tracked {
  const client = db.$client;
  let tracked = trackedByConnection.get(client);
  if (tracked) return tracked;
  const state: Tracked = { dirty: new Set(), readAt: null, sides: { real: null, demo: null }, wholeReads: 0 };
  client.function("ipi_search_written", { deterministic: false }, (id: unknown) => {
    if (typeof id === "number" || typeof id === "bigint") state.dirty.add(Number(id));
    return null;
  });
  client.exec(`
    create temp trigger if not exists ipi_search_insert after insert on main.investors begin select ipi_search_written(new.id); end;
    create temp trigger if not exists ipi_search_delete after delete on main.investors begin select ipi_search_written(old.id); end;
    create temp trigger if not exists ipi_search_update after update of id, name, firm, score, action, is_demo on main.investors
      begin select ipi_search_written(old.id); select ipi_search_written(new.id) where new.id is not old.id; end;`);
  tracked = state;
  trackedByConnection.set(client, tracked);
  return tracked;
}

/** Another connection's commits (data_version) and the schema: equal means only this connection wrote since. */
function readPoint(db: AppDatabase): string {
  const { data, schema } = statement(
    db,
    "select (select data_version from pragma_data_version) as data, (select schema_version from pragma_schema_version) as schema",
  ).get() as { data: number; schema: number };
  return `${data}:${schema}`;
}

/** One side's index, up to date: read whole the first time (or after another connection wrote), else only the rows written since. */
function sideIndex(db: AppDatabase, demo: boolean): SideIndex {
  const tracked = tracking(db);
  const point = readPoint(db);
  if (point !== tracked.readAt) {
    tracked.sides = { real: null, demo: null };
    tracked.dirty.clear();
    tracked.readAt = point;
  } else if (tracked.dirty.size > 0) {
    const ids = [...tracked.dirty];
    tracked.dirty.clear();
    const rows = statement(db, `select ${COLUMNS} from investors where id in (select value from json_each(?))`).all(
      JSON.stringify(ids),
    ) as Row[];
    for (const side of [tracked.sides.real, tracked.sides.demo]) {
      if (!side) continue;
      for (const id of ids) side.byId.delete(id);
      side.items = null;
    }
    for (const row of rows) {
      const side = row.is_demo ? tracked.sides.demo : tracked.sides.real;
      side?.byId.set(row.id, indexed(row));
    }
  }
  const key = demo ? "demo" : "real";
  let side = tracked.sides[key];
  if (!side) {
    const rows = statement(db, `select ${COLUMNS} from investors where is_demo = ?`).iterate(demo ? 1 : 0) as IterableIterator<Row>;
    const byId = new Map<number, IndexedItem>();
    for (const row of rows) byId.set(row.id, indexed(row));
    side = { byId, items: null };
    tracked.sides[key] = side;
    tracked.wholeReads++;
  }
  return side;
}

const BEST_SQL = `select ${COLUMNS} from investors where is_demo = ? order by score desc, id limit ?`;

/**
 * The best `limit` investors of one side for `query` (the palette's ranking); an empty query gives
 * the best-scored, read by the score index.
 */
export function searchInvestorRows(db: AppDatabase, demo: boolean, query: string, limit: number): InvestorHit[] {
  if (fold(query.trim()) === "") return (statement(db, BEST_SQL).all(demo ? 1 : 0, limit) as Row[]).map(hit);
  if (db.$client.inTransaction) {
    // Rows a rollback may yet undo: searched as they are now, never kept (nor triggers added, which it would undo).
    const rows = statement(db, `select ${COLUMNS} from investors where is_demo = ?`).all(demo ? 1 : 0) as Row[];
    return searchItems(rows.map(indexed), query, limit) as InvestorHit[];
  }
  const side = sideIndex(db, demo);
  side.items ??= [...side.byId.values()];
  return searchItems(side.items, query, limit) as InvestorHit[];
}

function hit(row: Row): InvestorHit {
  const { nameKey: _key, haystack: _haystack, ...item } = indexed(row);
  return item as InvestorHit;
}

/** Whole reads of an index on this connection so far (a test's view of how the index follows writes). */
export function searchIndexWholeReads(db: AppDatabase): number {
  return trackedByConnection.get(db.$client)?.wholeReads ?? 0;
}

/** These investors of one side (at most `limit` of the ids, in the order asked), for the names an answer cites. */
export function investorsByIds(db: AppDatabase, demo: boolean, ids: readonly number[], limit: number): InvestorHit[] {
  const asked = [...new Set(ids)].slice(0, limit);
  if (asked.length === 0) return [];
  const rows = statement(db, `select ${COLUMNS} from investors where is_demo = ? and id in (select value from json_each(?))`).all(
    demo ? 1 : 0,
    JSON.stringify(asked),
  ) as Row[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return asked.flatMap((id) => {
    const row = byId.get(id);
    return row ? [hit(row)] : [];
  });
}
