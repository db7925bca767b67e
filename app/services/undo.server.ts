import { createHash, randomBytes } from "node:crypto";
import { countContacts } from "#db/queries/contacts.server.ts";
import { getInvestor } from "#db/queries/investor-row.server.ts";
import { type MailSelection, logMailContacts } from "#db/queries/mail.server.ts";
import { type UndoToken, editJoiningUndo, editWithUndo, undoChange } from "#db/queries/undo.server.ts";
import type { App } from "../app-context.ts";
import { demoEditRefusal } from "../domain/demo-bounds.ts";
import type { InvestorEdit } from "../domain/investor.ts";
import type { Actor } from "../domain/people.ts";
import { emailedEdit } from "../domain/investor-edit.ts";
import { UNDO_MINUTES, isUndoToken } from "../domain/undo.ts";
import { rescoreInvestorsForStartups } from "./startups.server.ts";

/** Only the token's SHA-256 is stored, like a session id: a copy of the database undoes nothing. */
function hashUndoToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type { MailSelection };

/** A new token for an action at `now`: the page gets the token, the database its hash and end. */
function newUndoToken(now: Date): { token: string; stored: UndoToken } {
  const token = randomBytes(16).toString("base64url");
  return { token, stored: { tokenHash: hashUndoToken(token), expiresAt: new Date(now.getTime() + UNDO_MINUTES * 60_000) } };
}

export type EmailedOutcome = { kind: "not_found" } | { kind: "demo_full" } | { kind: "recorded"; undo: string };

/**
 * Today's one-click "Emailed": the contact recorded through the investor edit, with the token that
 * undoes exactly it for UNDO_MINUTES (decision 036). A demo investor's bounded history may refuse it.
 */
export function recordEmailed(app: App, actor: Actor, id: number, demo: boolean): EmailedOutcome {
  const investor = getInvestor(app.db, id, demo);
  if (!investor) return { kind: "not_found" };
  const now = app.now();
  const edit = emailedEdit(investor.relationshipStatus, now.toISOString().slice(0, 10));
  if (demo && demoEditRefusal(edit, countContacts(app.db, id))) return { kind: "demo_full" };
  const { token, stored } = newUndoToken(now);
  // The contact and its ranking in one transaction: "not saved" stays true on a full disk (decision 058).
  const recorded = app.db.$client.transaction(() => {
    if (!editWithUndo(app.db, id, edit, { now, rules: app.rules, demo, actor }, stored)) return false;
    if (!demo) rescoreInvestorsForStartups(app, [id]);
    return true;
  })();
  return recorded ? { kind: "recorded", undo: token } : { kind: "not_found" };
}

/**
 * The founder's answer to "is the next step done, and what is next?" (decision 053): the step
 * cleared or replaced through the investor edit. With the token of the "Emailed" just recorded for
 * this investor, the answer joins it (one undo takes back the email and the answer, and the token
 * stays); otherwise it gets a token of its own.
 */
export function answerNextStep(app: App, actor: Actor, id: number, demo: boolean, edit: InvestorEdit, joinToken: unknown): EmailedOutcome {
  const now = app.now();
  const { token, stored } = newUndoToken(now);
  const joinHash = isUndoToken(joinToken) ? hashUndoToken(joinToken) : null;
  const kept = editJoiningUndo(app.db, id, edit, { now, rules: app.rules, demo, actor }, joinHash, stored);
  if (kept === null) return { kind: "not_found" };
  if (!demo) rescoreInvestorsForStartups(app, [id]);
  return { kind: "recorded", undo: kept === "joined" ? (joinToken as string) : token };
}

/**
 * "Log" and "Log all": the selection's emails recorded through the investor edit
 * (db/queries/mail.server.ts), with the token that undoes exactly them — their entries, the
 * "logged" marks, the status and date they moved — for UNDO_MINUTES; no token when nothing was logged.
 */
export function logMail(app: App, actor: Actor, selection: MailSelection, demo: boolean): { logged: number; undo: string | null } {
  const now = app.now();
  const { token, stored } = newUndoToken(now);
  const logged = app.db.$client.transaction(() => {
    const done = logMailContacts(app.db, selection, { demo, now, rules: app.rules, actor }, stored);
    if (!demo && done.investorIds.length > 0) rescoreInvestorsForStartups(app, done.investorIds);
    return done.logged;
  })();
  return { logged, undo: logged > 0 ? token : null };
}

/** Takes back what the token's action recorded (this side's, unexpired, once); null when it cannot. */
export function undoAction(app: App, actor: Actor, token: unknown, demo: boolean): { investorIds: number[]; unlogged: number } | null {
  if (!isUndoToken(token)) return null;
  return app.db.$client.transaction(() => {
    const undone = undoChange(app.db, hashUndoToken(token), { now: app.now(), rules: app.rules, demo, actor });
    if (undone && !demo && undone.investorIds.length > 0) rescoreInvestorsForStartups(app, undone.investorIds);
    return undone;
  })();
}
