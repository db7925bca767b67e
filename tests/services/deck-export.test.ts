import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { deckLinkToken, deckLinkTokenHash, newDeckLinkNonce } from "#app/auth/deck-link-token.server.ts";
import { memberActor } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { restoreExportFile } from "#app/restore-export.server.ts";
import { exportStream } from "#app/services/export.server.ts";
import { openDatabase } from "#db/database.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { seedDeck, seedView } from "#tests/helpers/deck-views.ts";

const NOW = new Date("2026-12-02T09:00:00Z");

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

/** A pipeline with a deck, a link per investor (one revoked, one ad hoc) and views: a read with its pages, a bot's preview. */
function seeded() {
  const { db } = createTestDatabase();
  const app = fakeApp(db, NOW);
  const owner = ensureOwner(db, NOW);
  const actor = memberActor({ ...owner, name: "Maren" });
  const add = (name: string) =>
    createInvestor(
      db,
      { name, firm: `${name} Fund`, kind: "fund", sectors: [], stages: [], geographies: [] },
      { now: NOW, actor, rules: DEFAULT_RULES, userOwned: { relationshipStatus: "contacted" } },
    );
  const ana = add("Ana Berg");
  const bo = add("Bo Lind");
  const { deckId, versionId } = seedDeck(db, ["Problem", "Team", "Financials"]);
  const link = (investorId: number | null, fields: { label?: string; sentAt?: string; revokedAt?: string } = {}) => {
    const nonce = newDeckLinkNonce();
    const id = Number(
      db.$client
        .prepare(
          `insert into deck_links (deck_id, investor_id, label, token_hash, nonce, pinned_version_id, allow_download, sent_at, revoked_at, created_by_member_id, created_at)
           values (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, '2026-11-20T09:00:00.000Z')`,
        )
        .run(
          deckId,
          investorId,
          fields.label ?? null,
          deckLinkTokenHash(deckLinkToken(app.deckLinkKey, nonce)),
          nonce,
          versionId,
          fields.sentAt ?? null,
          fields.revokedAt ?? null,
          owner.id,
        ).lastInsertRowid,
    );
    return { id, token: deckLinkToken(app.deckLinkKey, nonce) };
  };
  const anaLink = link(ana, { sentAt: "2026-11-21T08:00:00.000Z" });
  link(bo, { revokedAt: "2026-11-22T08:00:00.000Z" });
  link(null, { label: "Demo day" });
  seedView(db, anaLink.id, {
    startedAt: "2026-12-01T21:00:00.000Z",
    versionId,
    pages: { 1: 20, 3: 300 },
    forwarded: true,
    device: "phone",
  });
  seedView(db, anaLink.id, { startedAt: "2026-12-01T20:00:00.000Z", versionId, bot: "Slack", seconds: 0, pagesSeen: 0 });
  return { db, app, ana, anaLink };
}

describe("deck links and views in the exports and the restore (decision 068)", () => {
  it("writes each link with its nonce and token hash, never the token, and each view with its pages, in /export.json", async () => {
    const { app, ana, anaLink } = seeded();
    const text = await readAll(exportStream(app, "json"));
    expect(text).not.toContain(anaLink.token);
    const exported = JSON.parse(text);
    expect(exported.deck_links).toHaveLength(3);
    expect(exported.deck_links[0]).toMatchObject({
      investor_id: ana,
      token_hash: deckLinkTokenHash(anaLink.token),
      pinned_version: 1,
      allow_download: true,
      sent_at: "2026-11-21T08:00:00.000Z",
      created_by_member_id: exported.members[0].id,
    });
    expect(exported.deck_links[2]).toMatchObject({ investor_id: null, label: "Demo day" });
    expect(exported.deck_views).toEqual([
      expect.objectContaining({
        link_id: exported.deck_links[0].id,
        seconds: 320,
        pages_seen: 2,
        forwarded: true,
        bot: null,
        pages: [
          { page: 1, seconds: 20 },
          { page: 3, seconds: 300 },
        ],
      }),
      expect.objectContaining({ bot: "Slack", pages: [] }),
    ]);
  });

  it("gives /export.csv the views by people and the newest read per investor", async () => {
    const { app } = seeded();
    const csv = (await readAll(exportStream(app, "csv"))).replace(/^\uFEFF/, "");
    const [header, ...rows] = parse(csv) as string[][];
    const at = (name: string) => header!.indexOf(name);
    const ana = rows.find((row) => row[0] === "Ana Berg")!;
    const bo = rows.find((row) => row[0] === "Bo Lind")!;
    expect([ana[at("deck_views")], ana[at("deck_last_read")]]).toEqual(["1", "2026-12-01T21:00:00.000Z"]);
    expect([bo[at("deck_views")], bo[at("deck_last_read")]]).toEqual(["0", ""]);
  });

  it("restores links and views into an empty instance: exported again they say the same, and the link answers the same token", async () => {
    const { app, anaLink } = seeded();
    const dir = mkdtempSync(join(tmpdir(), "ipi-deck-restore-"));
    try {
      const file = join(dir, "export.json");
      const original = JSON.parse(await readAll(exportStream(app, "json")));
      writeFileSync(file, JSON.stringify(original));
      const target = join(dir, "restored.db");
      expect(restoreExportFile(file, target, NOW)).toMatchObject({ investors: 2, deck_links: 3, deck_views: 2 });
      const db = openDatabase(target);
      try {
        // Same key, same nonce: the token the investor holds finds the restored link.
        expect(
          db.$client
            .prepare("select i.name from deck_links l join investors i on i.id = l.investor_id where token_hash = ?")
            .pluck()
            .get(deckLinkTokenHash(anaLink.token)),
        ).toBe("Ana Berg");
        const again = JSON.parse(await readAll(exportStream(fakeApp(db, NOW), "json")));
        // What a restore cannot carry: ids, and the versions (decks are not exported, decision 067).
        const comparable = (file: typeof original) => ({
          links: file.deck_links.map(
            ({ id, startup_id, investor_id, created_by_member_id, pinned_version, ...rest }: Record<string, unknown>) => rest,
          ),
          views: file.deck_views.map(({ id, link_id, version, ...rest }: Record<string, unknown>) => rest),
        });
        expect(comparable(again)).toEqual(comparable(original));
        expect(again.deck_links.map((link: { pinned_version: number | null }) => link.pinned_version)).toEqual([null, null, null]);
      } finally {
        db.$client.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses an edited file's bad deck rows in words, writing nothing", async () => {
    const { app } = seeded();
    const file = JSON.parse(await readAll(exportStream(app, "json")));
    const dir = mkdtempSync(join(tmpdir(), "ipi-deck-hostile-"));
    const restore = (edit: (copy: typeof file) => void) => {
      const copy = structuredClone(file);
      edit(copy);
      const path = join(dir, `${Math.random()}.json`);
      writeFileSync(path, JSON.stringify(copy));
      return () => restoreExportFile(path, join(dir, `${Math.random()}.db`), NOW);
    };
    try {
      expect(restore((f) => (f.deck_links[0].token = "abc"))).toThrow(/deck_links\.0/);
      expect(restore((f) => (f.deck_links[0].token_hash = "not a hash"))).toThrow(/token_hash/);
      expect(restore((f) => (f.deck_links[1].token_hash = f.deck_links[0].token_hash))).toThrow(/has the token of a link before it/);
      expect(restore((f) => (f.deck_views[0].link_id = 999))).toThrow(/deck view \d+ names link 999/);
      expect(restore((f) => f.deck_views[0].pages.push({ page: 1, seconds: 5 }))).toThrow(/a page is listed twice/);
      expect(restore((f) => (f.deck_views[0].pages = Array.from({ length: 81 }, (_, n) => ({ page: n + 1, seconds: 1 }))))).toThrow(
        /deck_views\.0\.pages/,
      );
      expect(restore((f) => (f.deck_views[0].started_at = "yesterday"))).toThrow(/started_at/);
      expect(restore((f) => (f.deck_links[0].investor_id = 99_999))).toThrow(/deck link \d+ names investor 99999/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
