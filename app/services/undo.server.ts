import { createHash, randomBytes } from "node:crypto";
import { countContacts } from "#db/queries/contacts.server.ts";
import { getInvestor } from "#db/queries/investors.server.ts";
import { editWithUndo, undoChange } from "#db/queries/undo.server.ts";
import type { App } from "../app-context.ts";
import { demoEditRefusal } from "../domain/demo-bounds.ts";
import { emailedEdit } from "../domain/investor-edit.ts";
import { UNDO_MINUTES, isUndoToken } from "../domain/undo.ts";
import { rescoreInvestorsForStartups } from "./startups.server.ts";

/** Only the token's SHA-256 is stored, like a session id: a copy of the database undoes nothing. */
function hashUndoToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type EmailedOutcome = { kind: "not_found" } | { kind: "demo_full" } | { kind: "recorded"; undo: string };

/**
 * Today's one-click "Emailed": the contact recorded through the investor edit, with the token that
 * undoes exactly it for UNDO_MINUTES (decision 036). A demo investor's bounded history may refuse it.
 */
export function recordEmailed(app: App, id: number, demo: boolean): EmailedOutcome {
  const investor = getInvestor(app.db, id, demo);
  if (!investor) return { kind: "not_found" };
  const now = app.now();
  const edit = emailedEdit(investor.relationshipStatus, now.toISOString().slice(0, 10));
  if (demo && demoEditRefusal(edit, countContacts(app.db, id))) return { kind: "demo_full" };
  const token = randomBytes(16).toString("base64url");
  const expiresAt = new Date(now.getTime() + UNDO_MINUTES * 60_000);
  if (!editWithUndo(app.db, id, edit, { now, rules: app.rules, demo }, { tokenHash: hashUndoToken(token), expiresAt })) {
    return { kind: "not_found" };
  }
  if (!demo) rescoreInvestorsForStartups(app, [id]);
  return { kind: "recorded", undo: token };
}

/** Takes back what the token's action recorded (this side's, unexpired, once); null when it cannot. */
export function undoAction(app: App, token: unknown, demo: boolean): { investorIds: number[] } | null {
  if (!isUndoToken(token)) return null;
  const undone = undoChange(app.db, hashUndoToken(token), { now: app.now(), rules: app.rules, demo });
  if (undone && !demo && undone.investorIds.length > 0) rescoreInvestorsForStartups(app, undone.investorIds);
  return undone;
}
