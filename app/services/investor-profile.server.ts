import { type MergeOutcome, deleteInvestor, mergeInvestors } from "#db/queries/investor-merge.server.ts";
import { getInvestor } from "#db/queries/investor-row.server.ts";
import { recordActivity } from "#db/queries/activity.server.ts";
import { editInvestor, getInvestorDetail, investorJson, listInvestors } from "#db/queries/investors.server.ts";
import { rescoreInvestorIds } from "#db/queries/rescore.server.ts";
import type { App } from "../app-context.ts";
import type { InvestorEdit } from "../domain/investor.ts";
import { type Actor, userOwnedChanges, userOwnedOf } from "../domain/people.ts";
import type { InvestorPatch } from "../domain/investor-profile.ts";
import { rescoreInvestorsForStartups } from "./startups.server.ts";

/**
 * Deleting and merging the founder's investors (decision 026), for the investor page and the
 * JSON routes alike. Real investors only: the open demo never loses an investor to a visitor.
 */

/** Demo investors are reset, never deleted or merged by a visitor (decision 026). */
export const DEMO_NOT_DELETED = "A demo investor cannot be deleted or merged; reset the demo on /demo instead.";

/** Deletes a real investor with its evidence, contacts, mail contacts and scores; false when there is none. */
export function deleteRealInvestor(app: App, actor: Actor, id: number): boolean {
  return app.db.$client.transaction(() => {
    const gone = getInvestor(app.db, id, false);
    if (!gone || !deleteInvestor(app.db, id, false)) return false;
    recordActivity(app.db, actor, { investorId: id, subject: gone.name }, [{ kind: "deleted", detail: {} }], app.now());
    return true;
  })();
}

/** Merges `otherId` into `keepId` and re-scores the survivor for every startup, all in one transaction. */
export function mergeRealInvestors(app: App, actor: Actor, keepId: number, otherId: number): MergeOutcome {
  return app.db.$client.transaction(() => {
    const now = app.now();
    const other = getInvestor(app.db, otherId, false);
    const before = getInvestor(app.db, keepId, false);
    const outcome = mergeInvestors(app.db, keepId, otherId, { now, rules: app.rules });
    if (outcome.merged) {
      rescoreInvestorIds(app.db, [keepId], now, app.rules);
      const kept = getInvestor(app.db, keepId, false);
      const about = { investorId: keepId, subject: kept?.name ?? "" };
      // The merge, then what it did to the survivor's user-owned columns (the notes joined, the
      // later last contact, the other's status): replaying the activity gives them back (decision 061).
      const changed = before && kept ? userOwnedChanges(userOwnedOf(before), userOwnedOf(kept)) : [];
      recordActivity(
        app.db,
        actor,
        about,
        [{ kind: "merged", detail: { other: other?.name ?? "a duplicate", other_id: otherId } }, ...changed],
        now,
      );
    }
    return outcome;
  })();
}

/** The investors a name search finds to merge into `id` (the page's search, without JavaScript too). */
export function mergeCandidates(app: App, id: number, text: string, limit = 10) {
  if (text.trim() === "") return [];
  const { rows } = listInvestors(app.db, { demo: false, text, sort: "name", direction: "asc", page: 1, pageSize: limit + 1 });
  return rows
    .filter((row) => row.id !== id)
    .slice(0, limit)
    .map((row) => ({ id: row.id, name: row.name, firm: row.firm }));
}

/** Which side an investor is on, or undefined when there is none. */
export function sideOfInvestor(app: App, id: number): "real" | "demo" | undefined {
  const row = getInvestor(app.db, id);
  return row ? (row.isDemo ? "demo" : "real") : undefined;
}

/** The survivor as route #9 answers it: the newest page of its contact history and the total. */
export function investorAnswer(app: App, id: number) {
  const detail = getInvestorDetail(app.db, id, false)!;
  return investorJson(detail.investor, detail.contacts, detail.contactHistory.total);
}

/**
 * An edit of an investor (the page's forms, route #9, a move on the board), re-scored, then every
 * startup's ranking of them (a demo investor is ranked by no startup). False for an unknown id or
 * one of the other side; throws an EditConflict when `basedOn` is older than a change to what it
 * changes (decision 063: app/services/edit-conflicts.server.ts answers it). One transaction: a ranking that fails (a full disk) takes the edit back
 * with it, so an answer that says "not saved" is true (decision 058).
 */
export function editAndRerank(
  app: App,
  actor: Actor,
  id: number,
  edit: InvestorEdit | InvestorPatch,
  demo: boolean,
  basedOn?: number,
): boolean {
  return app.db.$client.transaction(() => {
    if (!editInvestor(app.db, id, edit, { now: app.now(), rules: app.rules, demo, actor, basedOn })) return false;
    if (!demo) rescoreInvestorsForStartups(app, [id]);
    return true;
  })();
}
