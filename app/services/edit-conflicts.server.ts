import { getInvestor } from "#db/queries/investor-row.server.ts";
import { investorJson } from "#db/queries/investors.server.ts";
import { memberNames } from "#db/queries/members.server.ts";
import type { App } from "../app-context.ts";
import { type ClashValue, EditConflict, agoWords, clashValues, groupValueWords } from "../domain/conflict.ts";
import type { InvestorEdit } from "../domain/investor.ts";
import type { InvestorPatch } from "../domain/investor-profile.ts";
import { type Actor, type SystemActor, SYSTEM_ACTOR_NAMES, activitySentence } from "../domain/people.ts";
import { editAndRerank } from "./investor-profile.server.ts";

/**
 * No lost updates (decision 063): an edit of an investor checked against the version it was made
 * on, for the investor page's forms and route #9. The check and the write are one transaction
 * (editAnyInvestor); a refused edit comes back as what changed, who changed it and when, and both
 * values of each part the two clashed on.
 */

/** One newer change the refused edit would have overwritten, in words. */
export type ConflictChange = {
  at: string;
  by: { member_id: number | null; name: string };
  kind: string;
  /** "Jonas moved Fjord Climate to Due diligence" */
  sentence: string;
  /** "2 minutes ago" */
  ago: string;
};

export type ConflictReport = { version: number; changes: ConflictChange[]; values: ClashValue[] };

/** Saves the edit unless a change saved after `basedOn` touched what it changes (undefined: unchecked). */
export function editUnlessStale(
  app: App,
  actor: Actor,
  id: number,
  edit: InvestorEdit | InvestorPatch,
  demo: boolean,
  basedOn: number | undefined,
): "saved" | "not_found" | ConflictReport {
  try {
    return editAndRerank(app, actor, id, edit, demo, basedOn) ? "saved" : "not_found";
  } catch (error) {
    if (!(error instanceof EditConflict)) throw error;
    return conflictReport(app, id, error, edit);
  }
}

function conflictReport(app: App, id: number, conflict: EditConflict, edit: InvestorEdit | InvestorPatch): ConflictReport {
  const names = memberNames(app.db);
  const member = (memberId: number) => names.get(memberId);
  const now = app.now();
  const changes = conflict.changes.map((row) => {
    const name =
      row.actorMemberId !== null
        ? (names.get(row.actorMemberId) ?? "A former member")
        : (SYSTEM_ACTOR_NAMES[row.actorSystem as SystemActor] ?? "Someone");
    return {
      at: row.at,
      by: { member_id: row.actorMemberId, name },
      kind: row.kind,
      sentence: activitySentence({ kind: row.kind, detail: row.detail }, name, row.subject, { member }),
      ago: agoWords(row.at, now),
    };
  });
  const saved = getInvestor(app.db, id);
  const values = saved
    ? clashValues(
        conflict.mine,
        conflict.changes,
        { row: saved as unknown as Record<string, unknown>, json: investorJson(saved), asked: edit as Record<string, unknown> },
        (group, values) => groupValueWords(group, values, member),
      )
    : [];
  return { version: conflict.version, changes, values };
}

/** The refusal in one line: "Jonas moved Fjord Climate to Due diligence 2 minutes ago; your change was not saved." */
export function conflictSentence(report: ConflictReport): string {
  const said = report.changes.map((change) => `${change.sentence} ${change.ago}`);
  return `${said.length > 0 ? said.join("; ") : "Someone changed this investor since you opened it"}; your change was not saved.`;
}
