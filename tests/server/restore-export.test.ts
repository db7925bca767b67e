import { spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportedEverything } from "#db/queries/export.server.ts";
import { type RunningServer, baseEnv, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { postForm } from "#tests/helpers/http.ts";
import { byPlace, freshRead, seedExport } from "#tests/helpers/export-seed.ts";

/**
 * The founder's own backup, /export.json, written back into an empty instance with
 * `npm run restore-export` (decision 020): exported again, it says the same, except the ids (new
 * rows get new ids; the new instance's demo rows may hold the old ones), `exported_at` and when
 * each per-startup score was last computed.
 */

const PASSCODE = "restore-export-passcode";
const CRON = "restore-export-cron-secret-of-forty-chars!";
type Exported = ExportedEverything & { founder: Record<string, string | undefined> };

function runRestore(file: string, databasePath: string, nodeArgs: string[] = []) {
  const result = spawnSync(process.execPath, [...nodeArgs, "scripts/restore-export.ts", file], {
    env: { ...baseEnv(), DATABASE_PATH: databasePath },
    encoding: "utf8",
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * The export with every id replaced by its place, so two instances' exports can be compared, and
 * without the time each per-startup score was computed (the restored instance's start re-scores).
 */
function comparable(exported: Exported) {
  const { exported_at: _, round, ...rest } = exported;
  const investorPlace = new Map(rest.investors.map((investor, index) => [investor.id, index]));
  const startupPlace = new Map(rest.startups.map((startup, index) => [startup.id, index]));
  const evidencePlace = new Map(
    rest.investors.flatMap((investor) => investor.evidence.map((item) => item.id)).map((id, index) => [id, index]),
  );
  const memberPlace = new Map((rest.members ?? []).map((member, index) => [member.id, index]));
  return {
    ...rest,
    round: { ...round, startup_id: round.startup_id === null ? null : "the startup" },
    // The team (decision 061): no secret, and the same people; who did what, by place.
    members: (rest.members ?? []).map(({ id: _id, ...member }) => member),
    activity: (rest.activity ?? []).map(({ id: _id, actor_member_id, investor_id, detail: _detail, ...entry }) => ({
      ...entry,
      by: actor_member_id === null ? null : memberPlace.get(actor_member_id),
      investor: investor_id === null ? null : investorPlace.get(investor_id),
    })),
    investors: rest.investors.map(({ id: _id, contact_history, evidence, amount_startup_id, owner_member_id, ...investor }) => ({
      ...investor,
      owner: owner_member_id === null ? null : memberPlace.get(owner_member_id),
      amount_startup_id: amount_startup_id === null ? null : { startup: startupPlace.get(amount_startup_id) },
      contact_history: (contact_history ?? []).map(({ id: _contact, ...contact }) => contact),
      evidence: evidence.map(({ id, ...item }) => ({ ...item, place: evidencePlace.get(id) })),
    })),
    mail_contacts: rest.mail_contacts.map(({ id: _id, investor_id, ...mail }) => ({ ...mail, investor: investorPlace.get(investor_id) })),
    startups: rest.startups.map(({ id: _id, rubrics, evaluations, scores, ...startup }) => ({
      ...startup,
      rubrics: rubrics.map(({ id: _rubric, startupId: _startup, ...rubric }) => rubric),
      evaluations: evaluations.map(({ startupId: _startup, investorId, evidenceIds, ...evaluation }) => ({
        ...evaluation,
        investor: investorPlace.get(investorId),
        evidence: evidenceIds.map((id) => evidencePlace.get(id)),
      })),
      scores: scores.map(({ startupId: _startup, investorId, updatedAt: _scored, ...score }) => ({
        ...score,
        investor: investorPlace.get(investorId),
      })),
    })),
  };
}

describe("npm run restore-export: /export.json back into an empty instance", () => {
  let source: RunningServer;
  let work: string;
  let original: Exported;
  let file: string;

  async function exportOf(server: RunningServer): Promise<Exported> {
    const cookie = await signIn(server.url, PASSCODE);
    const response = await fetch(`${server.url}/export.json`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as Exported;
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "ipi-restore-export-"));
    source = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON });
    const cookie = await signIn(source.url, PASSCODE);
    const ids: number[] = [];
    for (const name of ["Restore Ada", "Restore Grace"]) {
      const added = await postForm(
        source,
        "/investors/new",
        { name, firm: `${name} Fund`, email: `${name.split(" ")[1]!.toLowerCase()}@fund.example.com`, sectors: "fintech", stages: "seed" },
        { as: { cookie } },
      );
      expect(added.status).toBe(302);
      ids.push(Number(added.headers.get("location")?.split("/").pop()));
    }
    const edited = await fetch(`${source.url}/api/investors/${ids[0]}`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        relationship_status: "in_conversation",
        personal_notes: "Met at the summit",
        add_contact: { date: "2026-11-02", channel: "call", note: "Intro call" },
        amount: 250_000,
        amount_currency: "EUR",
        next_step: "Send the data room",
        next_step_date: "2026-12-01",
        meeting_date: "2026-11-20",
      }),
    });
    expect(edited.status).toBe(200);
    const startup = await fetch(`${source.url}/api/startups`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Ledgerly",
        pitch: "Bookkeeping for EU freelancers",
        sector: "fintech",
        stage: "seed",
        geography: "Europe",
      }),
    });
    expect(startup.status).toBe(201);
    const startupId = ((await startup.json()) as { startup: { id: number } }).startup.id;
    const passed = await fetch(`${source.url}/api/investors/${ids[1]}`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ relationship_status: "passed", pass_reason: "other", pass_note: "Fund closed", amount_startup_id: startupId }),
    });
    expect(passed.status).toBe(200);
    const round = await fetch(`${source.url}/api/round`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        target: 1_500_000,
        currency: "EUR",
        close_by: "2027-01-15",
        instrument: "safe",
        role_wanted: "lead",
        valuation_cap: 8_000_000,
      }),
    });
    expect(round.status).toBe(200);
    const settings = await postForm(
      source,
      "/settings",
      { founder_name: "Rita Restore", founder_pitch: "Books that balance", meeting_link: "https://cal.example.com/rita" },
      { as: { cookie } },
    );
    expect(settings.status).toBe(302);
    // Evidence, mail and an evaluation come from a refresh, the mail sync and the model: written here directly.
    const db = new Database(source.databasePath);
    const evidenceId = db
      .prepare(
        "insert into evidence (investor_id, url, title, excerpt, source, published_at, found_at, content_hash, category, relevance, summary, judged_at) values (?, 'https://news.example.com/fund-iv', 'Fund IV closes', 'A new fund', 'news', '2026-11-01', '2026-11-03T08:00:00.000Z', 'hash-1', 'new_fund', 0.9, 'Raised Fund IV', '2026-11-03T08:00:00.000Z') returning id",
      )
      .pluck()
      .get(ids[0]) as number;
    db.prepare(
      "insert into evidence (investor_id, url, title, excerpt, source, found_at, content_hash) values (?, 'https://blog.example.com/post', 'A post', '', 'web', '2026-11-04T08:00:00.000Z', 'hash-2')",
    ).run(ids[1]);
    db.prepare(
      "insert into mail_contacts (investor_id, message_id, direction, sent_at, subject, logged_at) values (?, '<m1@fund.example.com>', 'received', '2026-11-05T09:00:00.000Z', 'Re: Ledgerly', null)",
    ).run(ids[1]);
    db.prepare(
      "insert into evaluations (startup_id, investor_id, relevance, reasons, evidence_ids) values (?, ?, 0.8, 'Fintech seed fund', ?)",
    ).run(startupId, ids[0], JSON.stringify([evidenceId]));
    db.close();
    // Scored with what was written behind the server's back, as the restored instance's start will.
    expect((await fetch(`${source.url}/api/rescore`, { method: "POST", headers: { authorization: `Bearer ${CRON}` } })).status).toBe(200);
    original = await exportOf(source);
    file = join(work, "export.json");
    writeFileSync(file, JSON.stringify(original));
  });
  afterAll(async () => source?.stop());

  it("gives back the same investors, contacts, evidence, mail, startups and settings, with new ids", { timeout: 120_000 }, async () => {
    expect(original.investors.map((i) => i.name)).toEqual(["Restore Ada", "Restore Grace"]);
    expect(original.investors[0]!.evidence).toHaveLength(1);
    expect(original.mail_contacts).toHaveLength(1);
    expect(original.startups[0]!.evaluations).toHaveLength(1);
    expect(original.investors[0]).toMatchObject({
      amount: 250_000,
      amount_currency: "EUR",
      next_step: "Send the data room",
      meeting_date: "2026-11-20",
    });
    expect(original.investors[1]).toMatchObject({
      pass_reason: "other",
      pass_note: "Fund closed",
      amount_startup_id: original.startups[0]!.id,
    });
    expect(original.round).toMatchObject({ target: 1_500_000, currency: "EUR", in_talks: 250_000, valuation_cap: 8_000_000 });

    // An instance that has started and whose demo was reset once: its demo rows hold the source's ids.
    const fresh = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    expect((await fetch(`${fresh.url}/api/demo/reset`, { method: "POST" })).status).toBe(200);
    await fresh.stop();
    const restored = runRestore(file, fresh.databasePath);
    expect(restored.output).toContain("Restored into");
    expect(restored.output).toContain("2 investors, 1 contacts, 2 evidence, 1 emails, 1 startups, 1 members");
    expect(restored.code).toBe(0);

    const again = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: fresh.databasePath });
    try {
      // The start re-scores everything from the restored rows (the fit's wording is derived again).
      await expect
        .poll(() => {
          const db = new Database(fresh.databasePath, { readonly: true });
          try {
            return db.prepare("select count(*) from app_state where key = 'scored_with'").pluck().get();
          } finally {
            db.close();
          }
        })
        .toBe(1);
      const copy = await exportOf(again);
      expect(copy.investors[0]!.id).not.toBe(original.investors[0]!.id);
      // The restore is said last, by the system actor `restore`; everything before it as exported.
      const restoredBy = copy.activity.pop();
      expect(restoredBy).toMatchObject({ actor_system: "restore", kind: "imported", detail: { added: 2, restored: true } });
      expect(original.activity.length).toBeGreaterThan(0);
      expect(original.members.map((member) => member.role)).toEqual(["owner"]);
      expect(JSON.stringify(original.members)).not.toMatch(/passphrase|hash|token/i);
      expect(comparable(copy)).toEqual(comparable(original));
      expect(copy.founder).toEqual({ name: "Rita Restore", pitch: "Books that balance", meeting_link: "https://cal.example.com/rita" });
    } finally {
      await again.stop();
    }

    // Restoring twice would double everything: an instance with real rows is refused, unchanged.
    const twice = runRestore(file, fresh.databasePath);
    expect(twice.code).toBe(1);
    expect(twice.output).toContain("already has 2 investors and 1 startups of its own");
  });

  it("names what is wrong with a file that is not an export, and writes nothing", () => {
    const databasePath = join(work, "empty", "app.db");
    const notJson = join(work, "not.json");
    writeFileSync(notJson, "name,firm\nAda,Fund\n");
    expect(runRestore(notJson, databasePath)).toEqual({ code: 1, output: expect.stringContaining("is not JSON") });
    const wrong = join(work, "wrong.json");
    writeFileSync(wrong, JSON.stringify({ investors: [{ ...original.investors[0], kind: "hedge", contact_history: "none" }] }));
    const result = runRestore(wrong, databasePath);
    expect(result.code).toBe(1);
    expect(result.output).toContain("is not an export of this app");
    expect(result.output).toContain("investors.0.kind");
    expect(result.output).toContain("investors.0.contact_history");
    expect(runRestore(join(work, "missing.json"), databasePath).output).toContain("cannot be read");
    // An export cut short (a download that stopped, or an export that failed part-way) is refused whole.
    const cut = join(work, "cut.json");
    writeFileSync(cut, JSON.stringify(original).slice(0, -40));
    expect(runRestore(cut, databasePath)).toEqual({ code: 1, output: expect.stringContaining("ends before its closing brace") });
    expect(existsSync(databasePath)).toBe(false);
  });
});

/**
 * Issue 35 (1), decision 056: the export of 25,000 investors with 5 startups (125,000 scores, about
 * 145 MB) written back. The restore read the file whole (a string, then the parsed tree, then zod's
 * copy); now it reads it as a stream, a record at a time, so it runs inside a 64 MB heap.
 */
describe("npm run restore-export at 25,000 investors", () => {
  it("writes the streamed export back: the same investors, contacts, evidence, emails, startups, evaluations and scores", {
    timeout: 600_000,
  }, async () => {
    const work = mkdtempSync(join(tmpdir(), "ipi-restore-large-"));
    const source = join(work, "source.db");
    seedExport(source, { investors: 25_000, startups: 5 });
    const server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: source });
    const file = join(work, "export.json");
    try {
      const response = await fetch(`${server.url}/export.json`, { headers: { "x-admin-passcode": PASSCODE } });
      expect(response.status).toBe(200);
      await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), createWriteStream(file));
    } finally {
      await server.stop();
    }
    expect(statSync(file).size).toBeGreaterThan(100 * 1024 * 1024);
    const target = join(work, "restored", "app.db");
    const restored = runRestore(file, target, ["--max-old-space-size=64"]);
    expect(restored.output).toContain("25000 investors, 25000 contacts, 50000 evidence, 2500 emails, 5 startups");
    expect(restored.code).toBe(0);
    const want = byPlace(freshRead(source));
    const got = byPlace(freshRead(target));
    expect(got.investors.length).toBe(25_000);
    expect(got.startups.map((startup) => startup.scores.length)).toEqual([25_000, 25_000, 25_000, 25_000, 25_000]);
    for (const part of ["investors", "mail", "startups"] as const) {
      expect(JSON.stringify(got[part]) === JSON.stringify(want[part]), part).toBe(true);
    }
  });
});
