import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import {
  IMPORT_CHUNK,
  IMPORT_CHUNK_PATHS,
  commitImportInChunks,
  ImportInterrupted,
  fileNameShown,
  forgetStoppedImport,
  importInProgress,
  importStopped,
} from "#app/services/import-commit.server.ts";
import { openDatabase } from "#db/database.server.ts";
import { existingForImport } from "#db/queries/import.server.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/** Today tells another tab that an import is still being saved (its lists are not the whole file yet). */
describe("an import being saved", () => {
  it("says how many of its rows are saved while it runs, and nothing once done", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    const rows = IMPORT_CHUNK * 2 + 20;
    const csv = ["Investor Name,Firm", ...Array.from({ length: rows }, (_, i) => `Investor ${i},Firm ${i}`)].join("\n");
    expect(importInProgress()).toBeNull();
    const done = commitImportInChunks(app, TEST_ACTOR, () =>
      planImport(parseInvestorCsv(csv), existingForImport(db, parseInvestorCsv(csv).rows)),
    );
    // Each chunk gives the event loop back (a turn, or the rest imports owe, decision 066): look between chunks, as another request would.
    let finished = false;
    void done.then(() => (finished = true));
    const seen: number[] = [];
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      const progress = importInProgress();
      if (!progress) continue;
      expect(progress.total).toBe(rows);
      expect(progress.saved).toBe(db.$client.prepare("select count(*) from investors where is_demo = 0").pluck().get());
      // The same object until the next chunk: Today's kept page is keyed by it.
      expect(importInProgress()).toBe(progress);
      if (seen.at(-1) !== progress.saved) seen.push(progress.saved);
    }
    expect(await done).toEqual({ created: rows, updated: 0, introPaths: 0, introPeople: 0 });
    expect(importInProgress()).toBeNull();
    // Between chunks only: the last one's answer is the import's own (decision 066 dropped the turn after it).
    expect(seen).toEqual([IMPORT_CHUNK, IMPORT_CHUNK * 2]);
  });

  it("saves a sheet of many Intro via people in smaller chunks, so each transaction stays short", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    const rows = 30;
    const people = (row: number) => Array.from({ length: 10 }, (_, p) => `Person ${row}-${p}`).join(", ");
    const csv = ["Investor Name,Firm,Intro via", ...Array.from({ length: rows }, (_, i) => `Investor ${i},Firm ${i},"${people(i)}"`)].join(
      "\n",
    );
    const done = commitImportInChunks(app, TEST_ACTOR, () =>
      planImport(parseInvestorCsv(csv), existingForImport(db, parseInvestorCsv(csv).rows)),
    );
    let finished = false;
    void done.then(() => (finished = true));
    const seen: number[] = [];
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      const progress = importInProgress();
      if (progress && seen.at(-1) !== progress.saved) seen.push(progress.saved);
    }
    // Ten people a row, at most IMPORT_CHUNK_PATHS a chunk: ten rows a transaction, not all thirty in one.
    expect(IMPORT_CHUNK_PATHS).toBe(100);
    // The last chunk's count may be cleared before a turn sees it (imports are paced beside pages, decision 066).
    expect(seen.slice(0, 2)).toEqual([10, 20]);
    expect(seen.every((saved) => saved % 10 === 0 && saved <= rows)).toBe(true);
    expect(await done).toEqual({ created: rows, updated: 0, introPaths: 300, introPeople: 300 });
  });

  it("says nothing for an import of one chunk or less", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    const csv = ["Investor Name,Firm", ...Array.from({ length: IMPORT_CHUNK }, (_, i) => `Investor ${i},Firm ${i}`)].join("\n");
    const done = commitImportInChunks(app, TEST_ACTOR, () =>
      planImport(parseInvestorCsv(csv), existingForImport(db, parseInvestorCsv(csv).rows)),
    );
    let finished = false;
    void done.then(() => (finished = true));
    const seen: unknown[] = [];
    // Look at every turn the commit gives back, as the larger import's test does.
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(importInProgress());
    }
    expect(await done).toEqual({ created: IMPORT_CHUNK, updated: 0, introPaths: 0, introPeople: 0 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((progress) => progress === null)).toBe(true);
  });

  it("leaves a line saying how far it got when it stops part-way, read again after a restart, until imported whole or dismissed", async () => {
    const { db, path } = createTestDatabase();
    const app = fakeApp(db);
    const rows = IMPORT_CHUNK * 3 + 7;
    const csv = ["Investor Name,Firm", ...Array.from({ length: rows }, (_, i) => `Investor ${i},Firm ${i}`)].join("\n");
    const plan = () => planImport(parseInvestorCsv(csv), existingForImport(db, parseInvestorCsv(csv).rows));
    // The third chunk cannot be saved (as with a full disk): two whole chunks stay, and say so.
    db.$client.exec(
      `create trigger full_disk before insert on investors when (select count(*) from investors where is_demo = 0) >= ${IMPORT_CHUNK * 2} begin select raise(abort, 'disk full'); end`,
    );
    // The error says how far it got, with the cause beneath it.
    const stoppedAt = await commitImportInChunks(app, TEST_ACTOR, plan, "angels.csv").catch((error: unknown) => error);
    expect(stoppedAt).toBeInstanceOf(ImportInterrupted);
    expect(stoppedAt).toMatchObject({ saved: IMPORT_CHUNK * 2, total: rows, created: IMPORT_CHUNK * 2, updated: 0 });
    expect(String((stoppedAt as Error).cause)).toContain("disk full");
    expect(importInProgress()).toBeNull();
    const stopped = importStopped(app);
    expect(stopped).toEqual([{ file: "angels.csv", saved: IMPORT_CHUNK * 2, total: rows }]);
    // The same object while nothing changed: a kept page stays kept.
    expect(importStopped(app)).toBe(stopped);

    // A restart: another process opens the file and reads the same line.
    const reopened = openDatabase(path);
    try {
      expect(importStopped(fakeApp(reopened))).toEqual([{ file: "angels.csv", saved: IMPORT_CHUNK * 2, total: rows }]);
    } finally {
      reopened.$client.close();
    }

    // Another file's import, whole, leaves that line as it is (and shows progress, not lines, meanwhile).
    db.$client.exec("drop trigger full_disk");
    const friends = ["Investor Name,Firm", ...Array.from({ length: IMPORT_CHUNK * 2 }, (_, i) => `Friend ${i},Friendly ${i}`)].join("\n");
    await commitImportInChunks(
      app,
      TEST_ACTOR,
      () => planImport(parseInvestorCsv(friends), existingForImport(db, parseInvestorCsv(friends).rows)),
      "friends.csv",
    );
    expect(importStopped(app)).toEqual([{ file: "angels.csv", saved: IMPORT_CHUNK * 2, total: rows }]);

    // While the same file is imported again, Today shows its progress instead; once it is whole, nothing.
    const again = commitImportInChunks(app, TEST_ACTOR, plan, "angels.csv");
    let finished = false;
    void again.then(() => (finished = true));
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      if (importInProgress()) expect(importStopped(app)).toBeNull();
    }
    expect(await again).toEqual({ created: rows - IMPORT_CHUNK * 2, updated: 0, introPaths: 0, introPeople: 0 });
    expect(importStopped(app)).toBeNull();
    expect(db.$client.prepare("select count(*) from app_state where key = 'import_unfinished'").pluck().get()).toBe(0);

    // Stopped again, then dismissed: the founder chose not to import the rest.
    db.$client.exec(
      `create trigger full_disk before insert on investors when new.name = 'Late 60' begin select raise(abort, 'disk full'); end`,
    );
    const late = ["Investor Name,Firm", ...Array.from({ length: IMPORT_CHUNK * 2 }, (_, i) => `Late ${i},Late Firm ${i}`)].join("\n");
    await expect(
      commitImportInChunks(
        app,
        TEST_ACTOR,
        () => planImport(parseInvestorCsv(late), existingForImport(db, parseInvestorCsv(late).rows)),
        "late.csv",
      ),
    ).rejects.toThrow();
    expect(importStopped(app)).toEqual([{ file: "late.csv", saved: IMPORT_CHUNK, total: IMPORT_CHUNK * 2 }]);
    forgetStoppedImport(app);
    expect(importStopped(app)).toBeNull();
  });

  it("shows a file's name without control or format characters, at most 120 characters, never cut inside one", () => {
    expect(fileNameShown("angels\u202Evsc.csv")).toBe("angelsvsc.csv");
    expect(fileNameShown("a\u0000b\nc.csv")).toBe("abc.csv");
    expect(fileNameShown("\u200B")).toBe("a file");
    const long = `${"x".repeat(119)}😀😀.csv`;
    expect(fileNameShown(long)).toBe(`${"x".repeat(119)}😀`);
  });
});
