import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DECK_REFUSALS } from "#app/domain/decks.ts";
import { memberActor } from "#app/domain/people.ts";
import { renderDeck } from "#app/services/deck-render.server.ts";
import { deckRenderSettled, deckSection, uploadDeck } from "#app/services/decks.server.ts";
import { addDeckVersion } from "#db/queries/decks.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { deckPdf } from "#tests/helpers/decks.ts";

const now = new Date("2026-12-02T12:00:00Z");

/** A database with a startup, its owner, and a version of its deck "rendering" from `pdf` written to a folder. */
function setUp(pdf: Uint8Array = deckPdf(2)) {
  const { db } = createTestDatabase();
  const app = fakeApp(db, now);
  const owner = memberActor({ ...ensureOwner(db, now), name: "Ana" });
  const startupId = Number(
    db.$client
      .prepare("insert into startups (name, pitch, sector, stage, is_demo) values ('Deck Co', 'Slides', 'devtools', 'seed', 0)")
      .run().lastInsertRowid,
  );
  const folder = mkdtempSync(join(tmpdir(), "ipi-deck-test-"));
  const path = join(folder, "deck.pdf");
  writeFileSync(path, pdf);
  const version = addDeckVersion(
    db,
    owner,
    { id: startupId, name: "Deck Co", isDemo: false },
    { name: "deck.pdf", bytes: pdf.byteLength, sha256: "0".repeat(64), chunks: [pdf] },
    now,
  );
  return { db, app, owner, startupId, folder, path, version };
}

describe("the renderer watched by the server (decision 067)", () => {
  it("stores each page and ends the version ready", async () => {
    const { db, startupId, folder, path, version } = setUp();
    const outcome = await renderDeck(db, version.id, path, folder);
    expect(outcome).toMatchObject({ ready: true, pages: 2 });
    const section = deckSection(fakeApp(db, now), startupId);
    expect(section.versions[0]).toMatchObject({ status: "ready", pages: 2, pagesDone: 2 });
    expect(section.shown?.pages.map((page) => [page.width, page.height])).toEqual([
      [1600, 900],
      [1600, 900],
    ]);
  });

  it("kills the child past its memory limit, and says so", async () => {
    const { db, folder, path, version } = setUp();
    // Node alone is past 20 MiB: the first poll kills it.
    const outcome = await renderDeck(db, version.id, path, folder, { rssLimitMib: 20 });
    expect(outcome).toMatchObject({ ready: false, refusal: DECK_REFUSALS.memoryLimit });
    expect(db.$client.prepare("select status, refusal from deck_versions where id = ?").get(version.id)).toEqual({
      status: "failed",
      refusal: DECK_REFUSALS.memoryLimit,
    });
    expect(db.$client.prepare("select count(*) as pages from deck_pages where version_id = ?").get(version.id)).toEqual({ pages: 0 });
  });

  it("kills the child past its wall clock, and says so", async () => {
    const { db, folder, path, version } = setUp();
    const outcome = await renderDeck(db, version.id, path, folder, { timeLimitMs: 1 });
    expect(outcome).toMatchObject({ ready: false, refusal: DECK_REFUSALS.timeLimit });
  });

  it("fails a version a restart left rendering, in words, when the page is next read", () => {
    const { app, startupId } = setUp();
    const section = deckSection(app, startupId);
    expect(section.versions[0]).toMatchObject({ status: "failed", refusal: DECK_REFUSALS.interrupted });
    expect(section.rendering).toBe(false);
  });

  it("takes one upload at a time: a second one meanwhile is told to try again, nothing saved", async () => {
    const { db, app, owner, startupId } = setUp();
    const pdf = deckPdf(3);
    const first = uploadDeck(app, owner, { startupId, isDemo: false }, async (folder) => {
      const path = join(folder, "deck.pdf");
      writeFileSync(path, pdf);
      return { ok: true, path, name: "first.pdf", bytes: pdf.byteLength };
    });
    const second = await uploadDeck(app, owner, { startupId, isDemo: false }, async () => {
      throw new Error("the second body must not be read");
    });
    expect(second).toMatchObject({ ok: false, status: 503, message: DECK_REFUSALS.busy });
    expect(await first).toEqual({ ok: true, version: 2 });
    // Still rendering the first: the next is refused too, until it ends.
    expect(
      await uploadDeck(app, owner, { startupId, isDemo: false }, async () => ({ ok: false, status: 400, message: "unread" })),
    ).toMatchObject({
      status: 503,
    });
    expect(db.$client.prepare("select count(*) as versions from deck_versions").get()).toEqual({ versions: 2 });
    await deckRenderSettled();
    expect(db.$client.prepare("select status from deck_versions where number = 2").get()).toEqual({ status: "ready" });
  });

  it("refuses a file that is not a PDF by its bytes, whatever its name", async () => {
    const { app, owner, startupId } = setUp();
    const answer = await uploadDeck(app, owner, { startupId, isDemo: false }, async (folder) => {
      const path = join(folder, "deck.pdf");
      writeFileSync(path, "Name,Firm\nAda,Fund\n");
      return { ok: true, path, name: "deck.pdf", bytes: 19 };
    });
    expect(answer).toEqual({ ok: false, status: 400, message: DECK_REFUSALS.notPdf });
  });
});
