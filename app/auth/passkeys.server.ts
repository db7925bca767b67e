import { randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { type SessionMember, activeMember } from "#db/queries/members.server.ts";
import { insertPasskey, notePasskeyUsed, passkeyById } from "#db/queries/passkeys.server.ts";
import type { App } from "../app-context.ts";
import { NAME_IN_USE } from "../domain/invites.ts";
import { joinTeam, openInvite, teamNameTaken } from "./invites.server.ts";
import { verifyGuess } from "./passcode-attempts.server.ts";
import { clientKey, createRateLimiter } from "../http/rate-limit.server.ts";

/**
 * Passkeys (WebAuthn, decision 060) with @simplewebauthn/server. The relying party is the origin
 * the browser sees (app/http/public-origin.ts has already put it in `request.url`: the Fly URL,
 * localhost in tests), its ID the host name. A challenge is made here, held in this process's
 * memory under a random id the page sends back, used once, and forgotten after 5 minutes or when
 * 256 newer ones are waiting: the challenge itself is never taken from the client.
 */

/**
 * Challenges waiting at most: about 1 MiB. With each client asking at most OPTIONS_PER_MINUTE, a
 * flood from a hundred addresses takes minutes to push out a challenge a person is answering.
 */
export const CHALLENGES_KEPT = 4096;
/** WebAuthn options one client (an address group) may ask for a minute: a person presses a few times. */
export const OPTIONS_PER_MINUTE = 20;
const optionsAsked = createRateLimiter({ limit: OPTIONS_PER_MINUTE, windowMs: 60_000 });
const TOO_MANY_OPTIONS = "Too many tries. Wait a minute and try again.";
export const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = "Investor Pipeline";
/**
 * EdDSA, ES256, RS256 (COSE ids): the library's classic defaults, named so it does not probe the
 * runtime for post-quantum keys, a probe Node answers with an experimental-feature warning on stderr.
 */
const ALGORITHMS = [-8, -7, -257];

type Pending =
  | { purpose: "join"; challenge: string; at: number; token: string; name: string; userId: string }
  | { purpose: "sign-in"; challenge: string; at: number };

/**
 * Challenges waiting for an answer, under random ids: at most `kept` (the oldest dropped first,
 * as a Map keeps insertion order), each taken out on its first look-up and only answered while
 * younger than `ttlMs`.
 */
export function createChallenges<Entry extends { at: number }>(kept = CHALLENGES_KEPT, ttlMs = CHALLENGE_TTL_MS) {
  const pending = new Map<string, Entry>();
  return {
    keep(entry: Entry): string {
      const id = randomBytes(18).toString("base64url");
      pending.set(id, entry);
      while (pending.size > kept) pending.delete(pending.keys().next().value!);
      return id;
    },
    take(id: string, now: number): Entry | undefined {
      const entry = pending.get(id);
      pending.delete(id);
      return entry && now - entry.at < ttlMs ? entry : undefined;
    },
    get size() {
      return pending.size;
    },
  };
}

const challenges = createChallenges<Pending>();
const keep = (entry: Pending) => challenges.keep(entry);
const take = (id: string, now: number) => challenges.take(id, now);

function relyingParty(request: Request): { origin: string; rpID: string } {
  const url = new URL(request.url);
  return { origin: url.origin, rpID: url.hostname };
}

export type PasskeyStart = { ok: true; challengeId: string; options: unknown } | { ok: false; status: number; message: string };
export type PasskeyFinish = { ok: true; member: SessionMember } | { ok: false; status: number; message: string };

const STALE: PasskeyFinish = { ok: false, status: 400, message: "That took too long or was already used. Try again." };

/** Step 1 of joining with a passkey: the options for the browser, if the invitation still works. */
export async function startJoinWithPasskey(request: Request, app: App, token: string, name: string): Promise<PasskeyStart> {
  if (optionsAsked.check(clientKey(request)) !== undefined) return { ok: false, status: 429, message: TOO_MANY_OPTIONS };
  const invite = await openInvite(request, app, token);
  if (invite.retryAfterSeconds !== undefined) return { ok: false, status: 429, message: "Too many tries. Wait a minute and try again." };
  if (invite.state !== "open") return { ok: false, status: 410, message: "This invitation link can no longer be used." };
  if (teamNameTaken(app, name)) return { ok: false, status: 400, message: NAME_IN_USE };
  const { rpID } = relyingParty(request);
  const userId = randomBytes(32);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: name,
    userDisplayName: name,
    userID: userId,
    attestationType: "none",
    supportedAlgorithmIDs: ALGORITHMS,
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const challengeId = keep({
    purpose: "join",
    challenge: options.challenge,
    at: app.now().getTime(),
    token,
    name,
    userId: userId.toString("base64url"),
  });
  return { ok: true, challengeId, options };
}

/** Step 2: the browser's answer checked against the challenge we keep; then the member, passkey and session. */
export async function finishJoinWithPasskey(
  request: Request,
  app: App,
  token: string,
  challengeId: string,
  response: unknown,
): Promise<PasskeyFinish> {
  const entry = take(challengeId, app.now().getTime());
  if (entry?.purpose !== "join" || entry.token !== token) return STALE;
  const { origin, rpID } = relyingParty(request);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: entry.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    return { ok: false, status: 400, message: "Your device's answer could not be checked. Try again, or choose a passphrase." };
  }
  if (!verified.verified) return { ok: false, status: 400, message: "Your device's answer could not be checked. Try again." };
  const { credential } = verified.registrationInfo;
  const now = app.now();
  // A credential already on record (a device registered before, or a replayed answer) is refused
  // in words; the invitation stays open (the constraint rolls the whole join back).
  if (passkeyById(app.db, credential.id)) {
    return { ok: false, status: 400, message: "This passkey is already registered here. Choose a passphrase, or use another device." };
  }
  const member = joinTeam(app, token, { name: entry.name, webauthnUserId: entry.userId }, (memberId) =>
    insertPasskey(app.db, {
      credentialId: credential.id,
      memberId,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: "",
      createdAt: now.toISOString(),
    }),
  );
  return member ? { ok: true, member } : { ok: false, status: 410, message: "This invitation link can no longer be used." };
}

/** Step 1 of signing in with a passkey: any passkey of this site (discoverable), no name asked. */
export async function startPasskeySignIn(request: Request, app: App): Promise<PasskeyStart> {
  if (optionsAsked.check(clientKey(request)) !== undefined) return { ok: false, status: 429, message: TOO_MANY_OPTIONS };
  const options = await generateAuthenticationOptions({ rpID: relyingParty(request).rpID, userVerification: "preferred" });
  return { ok: true, challengeId: keep({ purpose: "sign-in", challenge: options.challenge, at: app.now().getTime() }), options };
}

/**
 * Step 2: the passkey's signature checked with the public key we keep, for a live member. A
 * refused answer counts in the passcode's guess budget, like a wrong passphrase.
 */
export async function finishPasskeySignIn(request: Request, app: App, challengeId: string, response: unknown): Promise<PasskeyFinish> {
  const entry = take(challengeId, app.now().getTime());
  if (entry?.purpose !== "sign-in") return STALE;
  const answer = response as AuthenticationResponseJSON;
  const { origin, rpID } = relyingParty(request);
  let member: SessionMember | undefined;
  const verdict = await verifyGuess(
    request,
    app,
    async () => {
      const passkey = typeof answer?.id === "string" ? passkeyById(app.db, answer.id) : undefined;
      const owner = passkey ? activeMember(app.db, passkey.memberId) : undefined;
      if (!passkey || !owner) return false;
      try {
        const checked = await verifyAuthenticationResponse({
          response: answer,
          expectedChallenge: entry.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
          credential: {
            id: passkey.credentialId,
            publicKey: Buffer.from(passkey.publicKey, "base64url"),
            counter: passkey.counter,
            transports: passkey.transports,
          },
        });
        if (!checked.verified) return false;
        notePasskeyUsed(app.db, passkey.credentialId, checked.authenticationInfo.newCounter, app.now());
        member = owner;
        return true;
      } catch {
        return false;
      }
    },
    "unguessable",
  );
  if (member) return { ok: true, member };
  if (!verdict.ok && verdict.retryAfterSeconds !== undefined)
    return { ok: false, status: 429, message: "Too many tries. Wait a minute and try again." };
  return { ok: false, status: 401, message: "That passkey is not one of this team's, or its member was disabled." };
}
