import { rmSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "#app/log.server.ts";
import { exportStream } from "#app/services/export.server.ts";
import { EXPORT_INVESTORS_PER_CHUNK } from "#db/queries/export.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { seedBenchData } from "../../bench/seed.ts";

const NOW = new Date("2026-11-25T12:00:00Z");

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, text = ""): Promise<string> {
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

/** The exports stream from one snapshot, a chunk at a time (decision 056). */
describe("exportStream", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads one snapshot: what is written while the file streams is not in it, and the JSON is whole", async () => {
    const { db } = createTestDatabase();
    seedBenchData(db, { investors: EXPORT_INVESTORS_PER_CHUNK * 4, evidencePerInvestor: 1, now: NOW });
    const before = db.$client.prepare("select id from investors where is_demo = 0 order by id").pluck().all() as number[];
    const reader = exportStream(fakeApp(db, NOW), "json").getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Meanwhile the founder deletes the last investor and adds one.
    db.$client.prepare("delete from investors where id = ?").run(before.at(-1));
    db.$client
      .prepare("insert into investors (name, kind, created_at, updated_at) values ('Added meanwhile', 'fund', ?, ?)")
      .run(NOW.toISOString(), NOW.toISOString());
    const text = await readAll(reader, new TextDecoder().decode(first.value));
    const exported = JSON.parse(text) as { investors: Array<{ id: number; evidence: unknown[] }>; startups: unknown[]; founder: object };
    expect(exported.investors.map((investor) => investor.id)).toEqual(before);
    expect(exported.investors.every((investor) => investor.evidence.length === 1)).toBe(true);
    expect(exported).toMatchObject({ exported_at: NOW.toISOString(), mail_contacts: [], startups: [], founder: {} });
  });

  it("gives other requests a turn between chunks, however fast the client reads (an uncompressed download had held every page 2.3 s)", async () => {
    const { db } = createTestDatabase();
    seedBenchData(db, { investors: EXPORT_INVESTORS_PER_CHUNK * 8, evidencePerInvestor: 1, now: NOW });
    const reader = exportStream(fakeApp(db, NOW), "json").getReader();
    let chunks = 0;
    let chunksWhenAnotherRequestRan: number | undefined;
    // Another request's work, queued as the server's next turn: it must run before the file ends.
    setImmediate(() => {
      chunksWhenAnotherRequestRan = chunks;
    });
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
      chunks++;
    }
    expect(chunks).toBeGreaterThan(2);
    expect(chunksWhenAnotherRequestRan).toBeDefined();
    expect(chunksWhenAnotherRequestRan!).toBeLessThan(chunks);
  });

  it("cuts the file when a chunk cannot be read after the first bytes: it does not parse, and the log says so", async () => {
    const { db } = createTestDatabase();
    seedBenchData(db, { investors: EXPORT_INVESTORS_PER_CHUNK * 3, evidencePerInvestor: 0, now: NOW });
    // A row the third chunk reads cannot be decoded.
    const broken = db.$client
      .prepare("select id from investors order by id limit 1 offset ?")
      .pluck()
      .get(EXPORT_INVESTORS_PER_CHUNK * 2 + 5);
    db.$client.prepare("update investors set sectors = 'not json' where id = ?").run(broken);
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const reader = exportStream(fakeApp(db, NOW), "json").getReader();
    const decoder = new TextDecoder();
    let text = "";
    const failure = await (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return undefined;
        text += decoder.decode(value, { stream: true });
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(text).toContain('"investors": [');
    expect(() => JSON.parse(text)).toThrow();
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\/export\.json was cut short after \d+ bytes/), expect.any(Object));
  });

  it("answers an error in the API's format before the first byte when the database cannot be read", () => {
    const { db, path } = createTestDatabase();
    rmSync(path);
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    let thrown: unknown;
    try {
      exportStream(fakeApp(db, NOW), "csv");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(500);
    expect(logged).toHaveBeenCalledWith("/export.csv could not be read; nothing was sent", expect.any(Object));
  });
});
