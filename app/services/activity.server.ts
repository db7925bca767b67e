import {
  type ActivityRow,
  activityAfter,
  activityOfOthers,
  investorActivity,
  latestActivity,
  latestActivityId,
  presentInvestorIds,
} from "#db/queries/activity.server.ts";
import { readState, writeState } from "#db/queries/app-state.server.ts";
import { contactHistoryPage } from "#db/queries/contacts.server.ts";
import { readDeckViewsOf } from "#db/queries/deck-signals.server.ts";
import { getInvestor } from "#db/queries/investor-row.server.ts";
import { keptUntilWrite } from "#db/queries/kept.server.ts";
import { memberNames } from "#db/queries/members.server.ts";
import type { App } from "../app-context.ts";
import { unlessStorageFails } from "../http/storage-failure.server.ts";
import { detailShown } from "../domain/people.ts";
import {
  SINCE_LOOKED_LINES,
  TIMELINE_LINES,
  type TimelineLine,
  actorOf,
  investorTimeline,
  rowSentence,
  sinceLookedLines,
} from "../domain/timeline.ts";

/**
 * Who changed what, as the pages and the JSON API read it (decision 061): an investor's timeline,
 * Today's "Since you last looked" and the activity as JSON. The writes are recorded by each write
 * path, in its own transaction (db/queries/activity.server.ts).
 */

/** An investor's timeline in words: its activity, contact history and deck visits, newest first, the latest TIMELINE_LINES. */
export function timelineOf(app: App, investorId: number): TimelineLine[] {
  const rows = investorActivity(app.db, investorId, TIMELINE_LINES);
  const contacts = contactHistoryPage(app.db, investorId, 1, TIMELINE_LINES).rows;
  const views = readDeckViewsOf(app.db, investorId, TIMELINE_LINES);
  return investorTimeline(rows, contacts, memberNames(app.db), app.now(), TIMELINE_LINES, views);
}

/** The app_state key that remembers the newest activity a member has seen on Today. */
export function seenKey(memberId: number): string {
  return `seen_activity:${memberId}`;
}

/** How many of a member's own newer changes the read may skip before "last looked" is moved past them. */
const OWN_CHANGES_SKIPPED = 200;

/** Nothing happened since you last looked: one object, so a kept Today stays kept (app/http/page-cache.server.ts). */
export const NOTHING_NEW: readonly TimelineLine[] = Object.freeze([]);

/**
 * "Since you last looked" for the member viewing Today: what other members and system actors did
 * since their last view (at most SINCE_LOOKED_LINES), and "last looked" moved to now. Never kept:
 * it is one member's own, and a page showing it is rendered for them alone — when nothing
 * happened, the shared empty list leaves Today as kept as before.
 */
export function sinceYouLastLooked(app: App, memberId: number | undefined): readonly TimelineLine[] {
  if (memberId === undefined) return NOTHING_NEW;
  const seen = Number(readState(app.db, seenKey(memberId)) ?? 0) || 0;
  const rows = activityOfOthers(app.db, { demo: false, memberId, afterId: seen, limit: SINCE_LOOKED_LINES });
  const latest = latestActivityId(app.db, false);
  // Written only when there was something of others' to show, or the member's own changes since
  // piled up (the read above skips them one by one): a Today after one's own edit writes nothing,
  // so it stays kept. A storage
  // that takes no writes (decision 058) must not keep the founder from reading Today: the lines are
  // then shown again next time, which is the honest way to fail.
  if (latest > seen && (rows.length > 0 || latest - seen > OWN_CHANGES_SKIPPED)) {
    unlessStorageFails(() => writeState(app.db, seenKey(memberId), String(latest), app.now()));
  }
  return rows.length === 0 ? NOTHING_NEW : sinceLookedLines(rows, memberNames(app.db), app.now(), stillThere(app, rows));
}

/** Which of the rows' investors are still there: a line links only to a page that exists. */
function stillThere(app: App, rows: readonly ActivityRow[]): (investorId: number) => boolean {
  const ids = [...new Set(rows.flatMap((row) => (row.investorId === null ? [] : [row.investorId])))];
  const found = presentInvestorIds(app.db, ids);
  return (id) => found.has(id);
}

/**
 * The open demo's "Since you last looked": nobody there is remembered, so its newest changes,
 * kept like the rest of its Today (DEMO_KEPT_MS) and their times to the minute.
 */
export function demoLatestLines(app: App): readonly TimelineLine[] {
  const minute = Math.floor(app.now().getTime() / 60_000);
  return keptUntilWrite(
    app.db,
    `since-looked:demo:${minute}`,
    () => {
      const rows = latestActivity(app.db, true, SINCE_LOOKED_LINES);
      return rows.length === 0 ? NOTHING_NEW : sinceLookedLines(rows, memberNames(app.db), app.now(), stillThere(app, rows));
    },
    "demo",
  );
}

/** One activity row as the JSON API answers it (docs/api.md#activity). */
export function activityJson(row: ActivityRow, names: ReadonlyMap<number, string>) {
  return {
    id: row.id,
    at: row.at,
    actor: {
      member_id: row.actorMemberId,
      system: row.actorSystem,
      name: actorOf(row, names),
    },
    investor_id: row.investorId,
    subject: row.subject,
    kind: row.kind,
    detail: detailShown({ kind: row.kind, detail: row.detail }),
    text: rowSentence(row, names),
  };
}

/** `GET /api/investors/:id/activity`: a real investor's activity, newest first; undefined for an unknown id. */
export function investorActivityAnswer(app: App, investorId: number, limit: number, beforeId?: number) {
  if (!getInvestor(app.db, investorId, false)) return undefined;
  const names = memberNames(app.db);
  const rows = investorActivity(app.db, investorId, limit, beforeId);
  return {
    activity: rows.map((row) => activityJson(row, names)),
    next_before: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
  };
}

/** `GET /api/activity?after=&limit=`: the real side's activity after an id, oldest first, and the id to read on from. */
export function activityAfterAnswer(app: App, afterId: number, limit: number) {
  const names = memberNames(app.db);
  const rows = activityAfter(app.db, afterId, limit);
  return { activity: rows.map((row) => activityJson(row, names)), last_id: rows.at(-1)?.id ?? afterId };
}
