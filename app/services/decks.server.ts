import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addDeckVersion,
  deckFileChunk,
  deckPageImage,
  deckPageSizes,
  deckVersionOf,
  deckVersionsOf,
  failStaleRenders,
  setDeckDownload,
  startupOfSide,
} from "#db/queries/decks.server.ts";
import type { App } from "../app-context.ts";
import { cleanDeckFileName, DECK_FILE_CHUNK_BYTES, DECK_REFUSALS, type DeckView, looksLikePdf, MAX_DECK_BYTES } from "../domain/decks.ts";
import type { Actor } from "../domain/people.ts";
import { log } from "../log.server.ts";
import { type RenderOutcome, renderDeck } from "./deck-render.server.ts";

/**
 * A startup's deck (docs/product.md#decks, decision 067): an upload becomes a new version, its
 * pages rendered in the background by a child process, one deck at a time in this process; the
 * startup page lists the versions and shows the newest ready one's pages.
 */

/** Seconds a refused upload is told to wait: a 40-page deck renders in about ten. */
export const DECK_BUSY_RETRY_SECONDS = 30;

/** The version rendering now (one at a time per process), and its end for whoever waits on it. */
let rendering: { versionId: number; done: Promise<RenderOutcome> } | null = null;
/** An upload's body being read (30 MB at most): one at a time too. */
let receiving = false;

export type DeckSection = DeckView;

/** The render in progress ended (at once when none is): for a shutdown or a test that waits for it. */
export async function deckRenderSettled(): Promise<void> {
  await rendering?.done;
}

/** What the startup page shows of the deck. Versions left rendering by a restart are failed first, in words. */
export function deckSection(app: App, startupId: number): DeckSection {
  let versions = deckVersionsOf(app.db, startupId);
  if (versions.some((version) => version.status === "rendering" && version.id !== rendering?.versionId)) {
    failStaleRenders(app.db, rendering?.versionId ?? null, DECK_REFUSALS.interrupted);
    versions = deckVersionsOf(app.db, startupId);
  }
  const ready = versions.find((version) => version.status === "ready");
  return {
    versions,
    shown: ready ? { number: ready.number, pages: deckPageSizes(app.db, ready.id) } : null,
    rendering: versions.some((version) => version.status === "rendering"),
  };
}

export type UploadAnswer =
  | { ok: true; version: number }
  | { ok: false; status: 400 | 404 | 413 | 503; message: string; retryAfterSeconds?: number };

/** What the route read: the deck saved as a file in `folder`, or why not. */
export type ReadDeck = { ok: true; path: string; name: string; bytes: number } | { ok: false; status: 400 | 413; message: string };

/** A file's bytes, a chunk (DECK_FILE_CHUNK_BYTES) at a time, read as they are asked for. */
function* fileChunks(path: string): Generator<Uint8Array> {
  const fd = openSync(path, "r");
  try {
    const chunk = Buffer.alloc(DECK_FILE_CHUNK_BYTES);
    for (let position = 0; ; ) {
      const read = readSync(fd, chunk, 0, chunk.length, position);
      if (read === 0) return;
      position += read;
      // A copy: SQLite keeps the bytes it is given until the statement runs; the buffer is reused.
      yield Uint8Array.prototype.slice.call(chunk, 0, read);
    }
  } finally {
    closeSync(fd);
  }
}

function sha256Of(path: string): string {
  const hash = createHash("sha256");
  for (const chunk of fileChunks(path)) hash.update(chunk);
  return hash.digest("hex");
}

/**
 * Takes the upload when no other is being read or rendered: `read` saves the body's file into the
 * folder given (bounded, streamed: app/http/multipart-file.server.ts) only once the turn is ours,
 * so a second 30 MB body is refused before it is read. The file is never whole in memory: its
 * hash, its chunks into SQLite and the renderer all read it from disk.
 */
export async function uploadDeck(
  app: App,
  actor: Actor,
  side: { startupId: number; isDemo: boolean },
  read: (folder: string) => Promise<ReadDeck>,
): Promise<UploadAnswer> {
  if (receiving || rendering) return { ok: false, status: 503, message: DECK_REFUSALS.busy, retryAfterSeconds: DECK_BUSY_RETRY_SECONDS };
  const startup = startupOfSide(app.db, side.startupId, side.isDemo);
  if (!startup) return { ok: false, status: 404, message: "No such startup." };
  receiving = true;
  const folder = await mkdtemp(join(tmpdir(), "ipi-deck-"));
  let handedOver = false;
  try {
    const file = await read(folder);
    if (!file.ok) return file;
    if (file.bytes === 0) return { ok: false, status: 400, message: DECK_REFUSALS.empty };
    if (file.bytes > MAX_DECK_BYTES) return { ok: false, status: 413, message: DECK_REFUSALS.tooLarge };
    const head = Buffer.alloc(1024);
    const fd = openSync(file.path, "r");
    const headBytes = readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    if (!looksLikePdf(head.subarray(0, headBytes))) return { ok: false, status: 400, message: DECK_REFUSALS.notPdf };

    const version = addDeckVersion(
      app.db,
      actor,
      { ...startup, isDemo: side.isDemo },
      { name: cleanDeckFileName(file.name), bytes: file.bytes, sha256: sha256Of(file.path), chunks: fileChunks(file.path) },
      app.now(),
    );
    const done = renderDeck(app.db, version.id, file.path, folder)
      .catch((error: unknown): RenderOutcome => {
        log.error("deck render failed", { version: version.id, error: String(error) });
        return { ready: false, refusal: DECK_REFUSALS.crashed, ms: 0, peakRssMib: 0 };
      })
      .finally(async () => {
        rendering = null;
        await rm(folder, { recursive: true, force: true });
      });
    rendering = { versionId: version.id, done };
    handedOver = true;
    return { ok: true, version: version.number };
  } finally {
    receiving = false;
    if (!handedOver) await rm(folder, { recursive: true, force: true });
  }
}

/** A page image of a ready version of a startup of this side, or undefined. */
export function deckPage(
  app: App,
  side: { startupId: number; isDemo: boolean },
  number: number,
  page: number,
): { image: Buffer; etag: string } | undefined {
  if (!startupOfSide(app.db, side.startupId, side.isDemo)) return undefined;
  return deckPageImage(app.db, side.startupId, number, page);
}

/**
 * The original PDF of a version whose download is allowed, as a stream that reads one 1 MiB
 * chunk from SQLite each time the response asks for more (never the whole file in memory).
 */
export function deckDownload(
  app: App,
  side: { startupId: number; isDemo: boolean },
  number: number,
): { ok: true; name: string; bytes: number; stream: ReadableStream<Uint8Array> } | { ok: false; status: 403 | 404; message: string } {
  if (!startupOfSide(app.db, side.startupId, side.isDemo)) return { ok: false, status: 404, message: "No such startup." };
  const version = deckVersionOf(app.db, side.startupId, number);
  if (!version) return { ok: false, status: 404, message: "No such version of the deck." };
  if (!version.allowDownload)
    return { ok: false, status: 403, message: "The download of this version is not allowed. Allow it on the startup's page first." };
  let chunk = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const data = deckFileChunk(app.db, version.id, chunk++);
      if (data) controller.enqueue(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      else controller.close();
    },
  });
  return { ok: true, name: version.fileName, bytes: version.bytes, stream };
}

/** The founder's "allow download" on a version, with its activity. */
export function allowDeckDownload(
  app: App,
  actor: Actor,
  side: { startupId: number; isDemo: boolean },
  number: number,
  allow: boolean,
): boolean {
  const startup = startupOfSide(app.db, side.startupId, side.isDemo);
  const version = startup ? deckVersionOf(app.db, side.startupId, number) : undefined;
  if (!startup || !version) return false;
  if (version.allowDownload !== allow)
    setDeckDownload(app.db, actor, { name: startup.name, isDemo: side.isDemo }, version.id, number, allow, app.now());
  return true;
}
