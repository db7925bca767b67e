import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { AppDatabase } from "#db/database.server.ts";
import { readState, writeState } from "#db/queries/app-state.server.ts";
import { addIntroPath, ensurePerson, removeIntroPath } from "#db/queries/intros.server.ts";
import {
  countedMark,
  mailInvestors,
  mailPathsAfter,
  memberName,
  pairStatsAfter,
  personName,
  personWithAddress,
  senderName,
  teamMembers,
} from "#db/queries/mail-pairs.server.ts";
import type { App } from "../app.server.ts";
import type { Config } from "../config.server.ts";
import { type MailPathCandidate, mailEvidenceText, mailPathWorld, pathsFromPair, strongerPath } from "../domain/intro-mail.ts";
import { stableHash } from "../domain/mail.ts";
import { systemActor } from "../domain/people.ts";

/**
 * Paths from mail, (re)built (docs/product.md#paths-from-mail, decision 065): after each mail sync
 * and on demand. Reads the pair statistics a chunk of pairs at a time (keyset-paged), keeps only the
 * pairs that make a path (a person and an address at an investor's firm, both writing), and writes
 * them a chunk at a time through `ensurePerson` and `addIntroPath` as the mail sync. A mail path
 * that no longer holds is removed only while its intro is still "to ask": an intro a member moved
 * is never thrown away. Memory is the investors, the team and the paths found, never the mailbox.
 */

export const PAIR_CHUNK = 2_000;
const WRITE_CHUNK = 200;

export type MailPathsResult = {
  pairsRead: number;
  paths: number;
  added: number;
  removed: number;
  /** The investors whose paths were added, removed or changed tier: theirs to re-score. */
  touched: number[];
  unchanged?: true;
};

/** What the paths were last built from (app_state): the same again is nothing to do. */
const STAMP_KEY = "mail_paths_stamp";

/**
 * (Re)builds the paths from mail. Nothing is done when what they are built from is as it was at the
 * last build — the messages counted, the investors' addresses and websites, the team, and the day
 * (tiers age) — unless `force`: a sync that read nothing new costs one look, not a pass over every pair.
 */
export async function buildMailPaths(
  app: Pick<App, "db" | "config" | "now">,
  options: { pairChunk?: number; force?: boolean } = {},
): Promise<MailPathsResult> {
  const { db } = app;
  const now = app.now();
  const team = teamMembers(db);
  const memberAddresses = new Map(team.addresses);
  const mailbox = ownerAddress(app.config);
  if (mailbox && team.ownerId !== undefined && !memberAddresses.has(mailbox)) memberAddresses.set(mailbox, team.ownerId);
  const otherAddresses = mailbox && !memberAddresses.has(mailbox) ? [mailbox] : [];
  const investors = mailInvestors(db);
  const stamp = stableHash(
    JSON.stringify([now.toISOString().slice(0, 10), countedMark(db), [...memberAddresses], otherAddresses, investors]),
  );
  if (!options.force && readState(db, STAMP_KEY) === stamp)
    return { pairsRead: 0, paths: 0, added: 0, removed: 0, touched: [], unchanged: true };
  const world = mailPathWorld(investors, { memberAddresses, otherAddresses });

  // The best path per (investor, person address or member).
  const found = new Map<string, MailPathCandidate>();
  let pairsRead = 0;
  let after: { a: string; b: string } | undefined;
  const chunk = options.pairChunk ?? PAIR_CHUNK;
  if (world.byAddress.size > 0 || world.byDomain.size > 0) {
    for (;;) {
      const pairs = pairStatsAfter(db, after, chunk);
      if (pairs.length === 0) break;
      pairsRead += pairs.length;
      for (const pair of pairs) {
        for (const candidate of pathsFromPair(pair, world, now)) {
          const key = `${candidate.investorId} ${candidate.personAddress ?? `member:${candidate.memberId}`}`;
          const before = found.get(key);
          found.set(key, before ? strongerPath(before, candidate) : candidate);
        }
      }
      const last = pairs[pairs.length - 1]!;
      after = { a: last.a, b: last.b };
      if (pairs.length < chunk) break;
      await yieldToEventLoop();
    }
  }

  const actor = systemActor("mail_sync");
  const holding = new Set<number>();
  const touched = new Set<number>();
  // Each connector is looked up (or made) once a build, whatever the number of investors they reach.
  const resolved = new Map<string, { personId: number | null; name: string } | undefined>();
  let added = 0;
  const candidates = [...found.values()];
  found.clear();
  for (let start = 0; start < candidates.length; start += WRITE_CHUNK) {
    const part = candidates.slice(start, start + WRITE_CHUNK);
    db.$client.transaction(() => {
      // Two addresses of one person make one path: the stronger one wins.
      const byPath = new Map<string, { personId: number | null; candidate: MailPathCandidate; name: string }>();
      for (const candidate of part) {
        const who = candidate.personAddress ?? `member:${candidate.memberId}`;
        if (!resolved.has(who)) resolved.set(who, resolvePerson(db, candidate, team.ownerId, now));
        const person = resolved.get(who);
        if (person === undefined) continue;
        const key = `${candidate.investorId} ${person.personId ?? 0} ${candidate.memberId ?? 0}`;
        const before = byPath.get(key);
        if (!before || strongerPath(before.candidate, candidate) === candidate) byPath.set(key, { ...person, candidate });
      }
      for (const { personId, candidate, name } of byPath.values()) {
        const result = addIntroPath(
          db,
          actor,
          {
            investorId: candidate.investorId,
            personId,
            memberId: candidate.memberId,
            source: "mail",
            tier: candidate.tier,
            evidence: mailEvidenceText(name, candidate.evidence, now),
            isDemo: false,
          },
          now,
        );
        holding.add(result.id);
        if (result.added) added++;
        if (result.added || result.tierMoved) touched.add(candidate.investorId);
      }
    })();
    await yieldToEventLoop();
  }

  let removed = 0;
  let afterId = 0;
  for (;;) {
    const page = mailPathsAfter(db, afterId, WRITE_CHUNK);
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
    const gone = page.filter((path) => !holding.has(path.id) && path.state === "to_ask");
    if (gone.length > 0) {
      db.$client.transaction(() => {
        for (const path of gone) {
          if (!removeIntroPath(db, actor, path.id, now)) continue;
          removed++;
          touched.add(path.investorId);
        }
      })();
    }
    await yieldToEventLoop();
  }
  writeState(db, STAMP_KEY, stamp, now);
  return { pairsRead, paths: holding.size, added, removed, touched: [...touched] };
}

/** The person a path runs through (found by address, else made from the sender's name), or the member's own. */
function resolvePerson(
  db: AppDatabase,
  candidate: MailPathCandidate,
  ownerId: number | undefined,
  now: Date,
): { personId: number | null; name: string } | undefined {
  if (candidate.personAddress === null)
    return { personId: null, name: candidate.memberId === null ? "" : (memberName(db, candidate.memberId) ?? "") };
  const address = candidate.personAddress;
  const name = senderName(db, address) ?? address;
  const known = personWithAddress(db, address);
  if (known !== undefined) return { personId: known, name: personName(db, known) ?? name };
  // The mailbox is the owner's: they know the people in it.
  const personId = ensurePerson(db, { name, emails: [address], knownByMemberId: ownerId ?? null, isDemo: false }, now);
  return personId === null ? undefined : { personId, name };
}

/** The mailbox's own address (IMAP_USER when it is one): the owner's. */
function ownerAddress(config: Config): string | undefined {
  const user = config.IMAP_USER?.trim().toLowerCase() ?? "";
  return user.includes("@") ? user : undefined;
}
