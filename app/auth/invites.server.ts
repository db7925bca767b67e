import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { recordActivity } from "#db/queries/activity.server.ts";
import { acceptInvite, insertInvite, inviteByHash } from "#db/queries/invites.server.ts";
import { type SessionMember, activeMembers, memberById, passphraseMembers } from "#db/queries/members.server.ts";
import type { App } from "../app-context.ts";
import { INVITE_REFUSALS, type InviteState, NAME_IN_USE, inviteExpiry, inviteState, memberForLogin, nameInUse } from "../domain/invites.ts";
import { type Actor, memberActor } from "../domain/people.ts";
import { type PasscodeVerdict, verifyGuess } from "./passcode-attempts.server.ts";

/**
 * Invitations and passphrases (decision 060). An invitation is a 256-bit random token shown once,
 * as a link, to the owner who made it; only its SHA-256 is stored. A passphrase is stored as
 * scrypt with a random salt. Every guess at either (a link opened, a passphrase given) is counted
 * in the passcode's budget (app/auth/passcode-attempts.server.ts).
 */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Makes an invitation; the link's token, shown once and never stored. The owner checks are the caller's. */
export function createInvite(app: App, by: Actor & { kind: "member" }, name: string | null): { token: string; expiresAt: string } {
  const token = randomBytes(32).toString("base64url");
  const now = app.now();
  const expiresAt = inviteExpiry(now).toISOString();
  app.db.$client.transaction(() => {
    insertInvite(app.db, {
      tokenHash: hashToken(token),
      createdBy: by.memberId,
      name,
      role: "member",
      expiresAt,
      createdAt: now.toISOString(),
    });
    recordActivity(app.db, by, { subject: name ?? "someone" }, [{ kind: "member", detail: { what: "invited" } }], now);
  })();
  return { token, expiresAt };
}

export type InviteLookup = { state: InviteState; name: string | null; retryAfterSeconds?: number };

/**
 * What a link's token opens: its state and the name the owner wrote. A token that matches no
 * invitation counts as a wrong guess; past the budget nothing is looked up.
 */
export async function openInvite(request: Request, app: App, token: string): Promise<InviteLookup> {
  let found: ReturnType<typeof inviteByHash>;
  const verdict = await verifyGuess(
    request,
    app,
    () => {
      found = TOKEN.test(token) ? inviteByHash(app.db, hashToken(token)) : undefined;
      return found !== undefined;
    },
    "unguessable",
  );
  if (!verdict.ok) return { state: "unknown", name: null, retryAfterSeconds: verdict.retryAfterSeconds };
  const state = inviteState(found, app.now());
  return { state, name: state === "open" ? (found?.name ?? null) : null };
}

/**
 * Makes the invited member (with their passphrase hash or passkey handle) and uses up the
 * invitation in one transaction; `also` writes what goes with it (the passkey). Undefined when
 * the invitation was used or expired meanwhile.
 */
export function joinTeam(
  app: App,
  token: string,
  member: { name: string; passphraseHash?: string; webauthnUserId?: string },
  also: (memberId: number) => void = () => {},
): SessionMember | undefined {
  const now = app.now();
  return app.db.$client.transaction(() => {
    const made = acceptInvite(app.db, hashToken(token), member, now);
    if (!made) return undefined;
    also(made.id);
    const inviter = memberById(app.db, made.invitedBy)?.name ?? "the owner";
    recordActivity(
      app.db,
      memberActor(made),
      { subject: inviter },
      [{ kind: "member", detail: { what: "accepted the invitation of" } }],
      now,
    );
    return { id: made.id, name: made.name, role: made.role };
  })();
}

/** Whether a live member of the team already goes by `name`: an invitee is asked for another. */
export function teamNameTaken(app: App, name: string): boolean {
  return nameInUse(activeMembers(app.db), name);
}

/** Why joining was refused, as the join page says it (or the member who joined). */
export type JoinOutcome =
  | { ok: true; member: SessionMember }
  | { ok: false; field: "name" | "form"; message: string; status: 400 | 410 | 429; retryAfterSeconds?: number };

/**
 * Joining with a passphrase (decision 060): the invitation still open (its guesses budgeted), the
 * name free among the live members, then the member made and the invitation used in one
 * transaction. The passkey's way in (passkeys.server.ts) makes the same checks before its ceremony.
 */
export async function joinWithPassphrase(
  request: Request,
  app: App,
  token: string,
  name: string,
  passphrase: string,
): Promise<JoinOutcome> {
  const invite = await openInvite(request, app, token);
  if (invite.retryAfterSeconds !== undefined) {
    return {
      ok: false,
      field: "form",
      status: 429,
      retryAfterSeconds: invite.retryAfterSeconds,
      message: "Too many tries from your network. Wait a minute and try again.",
    };
  }
  if (invite.state !== "open") return { ok: false, field: "form", status: 410, message: INVITE_REFUSALS[invite.state] };
  if (teamNameTaken(app, name)) return { ok: false, field: "name", status: 400, message: NAME_IN_USE };
  const member = joinTeam(app, token, { name, passphraseHash: await hashPassphrase(passphrase) });
  return member ? { ok: true, member } : { ok: false, field: "form", status: 410, message: INVITE_REFUSALS.used };
}

// scrypt's defaults (N=16384, r=8, p=1): about 50 ms a check, and 16 MiB, well under Node's limit.
const KEY_LENGTH = 32;

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize("NFC"), salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$<salt>$<key>`, both base64url: the stored form of a member's passphrase. */
export async function hashPassphrase(passphrase: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString("base64url")}$${(await scryptAsync(passphrase, salt)).toString("base64url")}`;
}

export async function passphraseMatches(passphrase: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scryptAsync(passphrase, Buffer.from(salt, "base64url"));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Checked when no member has the name given, so an unknown name takes as long as a wrong passphrase.
const NOBODY = `scrypt$${randomBytes(16).toString("base64url")}$${randomBytes(KEY_LENGTH).toString("base64url")}`;

export type PassphraseVerdict = { ok: true; member: SessionMember } | (PasscodeVerdict & { ok: false });

/**
 * A member's sign-in with their email or name and their passphrase, in the passcode's guess
 * budget. A disabled member, an unknown name and a wrong passphrase are refused alike.
 */
export async function signInWithPassphrase(request: Request, app: App, login: string, passphrase: string): Promise<PassphraseVerdict> {
  let member: SessionMember | undefined;
  const verdict = await verifyGuess(request, app, async () => {
    const found = memberForLogin(passphraseMembers(app.db), login);
    const right = await passphraseMatches(passphrase, found?.passphraseHash ?? NOBODY);
    if (right && found) member = { id: found.id, name: found.name, role: found.role };
    return member !== undefined;
  });
  if (verdict.ok && member) return { ok: true, member };
  return verdict.ok ? { ok: false } : verdict;
}
