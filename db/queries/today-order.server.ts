import type Database from "better-sqlite3";
import type { AppDatabase } from "../database.server.ts";

/**
 * The order of Today's follow-up and "don't chase" lists, kept until a write could change it
 * (decision 066). Their orders read only the investor's own columns, yet each sorts every investor
 * of its action (5,000–6,000 at 25,000 investors: a sixth of the server's time under issue 35's
 * mixed load, where every edit or import made the next page sort them again). The first ids are
 * kept; the rows' other columns (mail, the hook, the owner's name) are read fresh for those ids.
 *
 * This connection's temporary triggers count the writes to a row in those lists (before or after)
 * that change its membership or a column the orders read; another connection's commit moves
 * `data_version`. Inside a transaction nothing is kept.
 */

/** The lists whose order is kept here, and the columns their orders and membership read. */
export const KEPT_ORDER_ACTIONS = ["follow_up", "dont_chase"] as const;
const ORDER_COLUMNS = ["action", "is_demo", "next_step_date", "last_contact_date", "score", "name", "action_since", "owner_member_id"];

type Watch = { written: number; point: string | null; kept: Map<string, { at: number; ids: number[] }>; reads: number };
const watches = new WeakMap<Database.Database, Watch>();

function watch(db: AppDatabase): Watch {
  const client = db.$client;
  let state = watches.get(client);
  if (state) return state;
  const created: Watch = { written: 0, point: null, kept: new Map(), reads: 0 };
  client.function("ipi_today_order_written", { deterministic: false }, () => {
    created.written++;
    return null;
  });
  const listed = (row: "new" | "old") => `${row}.action in (${KEPT_ORDER_ACTIONS.map((action) => `'${action}'`).join(", ")})`;
  const changed = ORDER_COLUMNS.map((column) => `old.${column} is not new.${column}`).join(" or ");
  client.exec(`
    create temp trigger if not exists ipi_today_order_insert after insert on main.investors when ${listed("new")}
      begin select ipi_today_order_written(); end;
    create temp trigger if not exists ipi_today_order_delete after delete on main.investors when ${listed("old")}
      begin select ipi_today_order_written(); end;
    create temp trigger if not exists ipi_today_order_update after update of ${ORDER_COLUMNS.join(", ")} on main.investors
      when (${listed("old")} or ${listed("new")}) and (${changed}) begin select ipi_today_order_written(); end;`);
  state = created;
  watches.set(client, state);
  return state;
}

/** The ids `read` gives, kept under `key` until a write could change them. */
export function keptOrder(db: AppDatabase, key: string, read: () => number[]): number[] {
  if (db.$client.inTransaction) return read();
  const state = watch(db);
  const { data, schema } = db.$client
    .prepare("select (select data_version from pragma_data_version) as data, (select schema_version from pragma_schema_version) as schema")
    .get() as { data: number; schema: number };
  const point = `${data}:${schema}`;
  if (point !== state.point) {
    state.kept.clear();
    state.point = point;
  }
  const hit = state.kept.get(key);
  if (hit && hit.at === state.written) return hit.ids;
  const ids = read();
  if (state.kept.size >= 64) state.kept.clear();
  state.kept.set(key, { at: state.written, ids });
  state.reads++;
  return ids;
}

/** Orders read on this connection so far (a test's view of what is kept). */
export function todayOrderReads(db: AppDatabase): number {
  return watches.get(db.$client)?.reads ?? 0;
}
