import { createHash } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DeckVersion } from "#app/domain/decks.ts";
import type { Actor } from "#app/domain/people.ts";
import type { Db } from "../database.server.ts";
import { deckFiles, deckPages, decks, deckVersions } from "../schema-decks.ts";
import { startups } from "../schema.ts";
import { recordActivity } from "./activity.server.ts";

/** Decks' reads and writes (decision 067): versions, their pages as WebP blobs, the original in chunks. */

export type DeckVersionRow = DeckVersion;

const versionColumns = {
  id: deckVersions.id,
  number: deckVersions.number,
  fileName: deckVersions.fileName,
  bytes: deckVersions.bytes,
  pages: deckVersions.pages,
  pagesDone: deckVersions.pagesDone,
  status: deckVersions.status,
  refusal: deckVersions.refusal,
  renderMs: deckVersions.renderMs,
  allowDownload: deckVersions.allowDownload,
  createdAt: deckVersions.createdAt,
};

/** A startup of the side (real or demo), or undefined. */
export function startupOfSide(db: Db, startupId: number, isDemo: boolean): { id: number; name: string } | undefined {
  return db
    .select({ id: startups.id, name: startups.name })
    .from(startups)
    .where(and(eq(startups.id, startupId), eq(startups.isDemo, isDemo)))
    .get();
}

/** A startup's versions, newest first. */
export function deckVersionsOf(db: Db, startupId: number): DeckVersionRow[] {
  return db
    .select(versionColumns)
    .from(deckVersions)
    .innerJoin(decks, eq(decks.id, deckVersions.deckId))
    .where(eq(decks.startupId, startupId))
    .orderBy(desc(deckVersions.number))
    .all();
}

/** One version of a startup's deck by its number. */
export function deckVersionOf(db: Db, startupId: number, number: number): DeckVersionRow | undefined {
  return db
    .select(versionColumns)
    .from(deckVersions)
    .innerJoin(decks, eq(decks.id, deckVersions.deckId))
    .where(and(eq(decks.startupId, startupId), eq(deckVersions.number, number)))
    .get();
}

/**
 * A new version with its original file stored in chunks, in one transaction with its activity.
 * The deck row is made on the first upload.
 */
export function addDeckVersion(
  db: Db,
  actor: Actor,
  startup: { id: number; name: string; isDemo: boolean },
  file: { name: string; bytes: number; sha256: string; chunks: Iterable<Uint8Array> },
  now: Date,
): DeckVersionRow {
  return db.transaction((tx) => {
    tx.insert(decks).values({ startupId: startup.id, isDemo: startup.isDemo }).onConflictDoNothing().run();
    const deck = tx.select({ id: decks.id }).from(decks).where(eq(decks.startupId, startup.id)).get();
    if (!deck) throw new Error("the deck row was not made");
    const last = tx
      .select({ number: sql<number>`coalesce(max(${deckVersions.number}), 0)` })
      .from(deckVersions)
      .where(eq(deckVersions.deckId, deck.id))
      .get();
    const number = (last?.number ?? 0) + 1;
    const row = tx
      .insert(deckVersions)
      .values({
        deckId: deck.id,
        number,
        fileName: file.name,
        bytes: file.bytes,
        sha256: file.sha256,
        uploadedByMemberId: actor.kind === "member" ? actor.memberId : null,
        createdAt: now.toISOString(),
      })
      .returning({ id: deckVersions.id })
      .get();
    // The original in its chunks (DECK_FILE_CHUNK_BYTES), one in memory at a time.
    let chunk = 0;
    for (const part of file.chunks) {
      tx.insert(deckFiles)
        .values({ versionId: row.id, chunk: chunk++, data: Buffer.from(part.buffer, part.byteOffset, part.byteLength) })
        .run();
    }
    recordActivity(
      tx,
      actor,
      { subject: startup.name, isDemo: startup.isDemo },
      [{ kind: "deck", detail: { what: "uploaded", version: number, file: file.name } }],
      now,
    );
    const version = deckVersionOf(tx, startup.id, number);
    if (!version) throw new Error("the version was not saved");
    return version;
  });
}

/** The page count, once the renderer has read it. */
export function setDeckPageCount(db: Db, versionId: number, pages: number): void {
  db.update(deckVersions).set({ pages }).where(eq(deckVersions.id, versionId)).run();
}

/** One rendered page stored, and the version's progress moved on. */
export function addDeckPage(
  db: Db,
  versionId: number,
  page: { number: number; width: number; height: number; title: string | null; image: Buffer },
): void {
  const etag = createHash("sha256").update(page.image).digest("base64url").slice(0, 22);
  db.transaction((tx) => {
    tx.insert(deckPages)
      .values({ versionId, ...page, etag })
      .onConflictDoNothing()
      .run();
    tx.update(deckVersions).set({ pagesDone: page.number }).where(eq(deckVersions.id, versionId)).run();
  });
}

/** The render's end: ready, or failed with its words (the pages stored so far are dropped). */
export function finishDeckVersion(
  db: Db,
  versionId: number,
  outcome: { ready: true; renderMs: number } | { ready: false; refusal: string; renderMs: number },
): void {
  db.transaction((tx) => {
    if (outcome.ready) {
      tx.update(deckVersions).set({ status: "ready", renderMs: outcome.renderMs }).where(eq(deckVersions.id, versionId)).run();
    } else {
      tx.delete(deckPages).where(eq(deckPages.versionId, versionId)).run();
      tx.update(deckVersions)
        .set({ status: "failed", refusal: outcome.refusal, renderMs: outcome.renderMs })
        .where(eq(deckVersions.id, versionId))
        .run();
    }
  });
}

/** Versions left "rendering" by a process that is gone (a restart): failed with the words. */
export function failStaleRenders(db: Db, exceptVersionId: number | null, refusal: string): void {
  const stale = db.select({ id: deckVersions.id }).from(deckVersions).where(eq(deckVersions.status, "rendering")).all();
  for (const { id } of stale) if (id !== exceptVersionId) finishDeckVersion(db, id, { ready: false, refusal, renderMs: 0 });
}

/** A page's image and its ETag, from a ready version of the startup's deck. */
export function deckPageImage(db: Db, startupId: number, number: number, page: number): { image: Buffer; etag: string } | undefined {
  return db
    .select({ image: deckPages.image, etag: deckPages.etag })
    .from(deckPages)
    .innerJoin(deckVersions, eq(deckVersions.id, deckPages.versionId))
    .innerJoin(decks, eq(decks.id, deckVersions.deckId))
    .where(
      and(eq(decks.startupId, startupId), eq(deckVersions.number, number), eq(deckPages.number, page), eq(deckVersions.status, "ready")),
    )
    .get();
}

/** A ready version's pages' sizes, in order (no image bytes). */
export function deckPageSizes(db: Db, versionId: number): Array<{ number: number; width: number; height: number }> {
  return db
    .select({ number: deckPages.number, width: deckPages.width, height: deckPages.height })
    .from(deckPages)
    .where(eq(deckPages.versionId, versionId))
    .orderBy(asc(deckPages.number))
    .all();
}

/** One chunk of a version's original file, or undefined past the last. */
export function deckFileChunk(db: Db, versionId: number, chunk: number): Buffer | undefined {
  return db
    .select({ data: deckFiles.data })
    .from(deckFiles)
    .where(and(eq(deckFiles.versionId, versionId), eq(deckFiles.chunk, chunk)))
    .get()?.data;
}

/** The founder's "allow download" for a version, with its activity. */
export function setDeckDownload(
  db: Db,
  actor: Actor,
  startup: { name: string; isDemo: boolean },
  versionId: number,
  number: number,
  allow: boolean,
  now: Date,
): void {
  db.transaction((tx) => {
    tx.update(deckVersions).set({ allowDownload: allow }).where(eq(deckVersions.id, versionId)).run();
    recordActivity(
      tx,
      actor,
      { subject: startup.name, isDemo: startup.isDemo },
      [{ kind: "deck", detail: { what: allow ? "allowed download" : "stopped download", version: number } }],
      now,
    );
  });
}
