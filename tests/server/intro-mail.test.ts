import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildMailPaths } from "#app/jobs/intro-mail.server.ts";
import { syncMail } from "#app/jobs/mail-sync.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { type Dovecot, startDovecot, writeInboxMessages } from "../helpers/dovecot.ts";
import { FOUNDER_ADDRESS, MAILBOX_NOW, MEMBER_ADDRESS, type PathLabel, labelledMailbox, scorePaths } from "../helpers/intro-mailbox.ts";
import { addInvestor, mailApp, mailEnv } from "../helpers/mail-sync.ts";

/**
 * Paths from mail against a real Dovecot (docs/product.md#paths-from-mail): the labelled mailbox
 * (tests/helpers/intro-mailbox.ts) synced as the founder's INBOX and Sent, paths built, and the
 * paths found scored against the labels. The figures are printed.
 */

let dovecot: Dovecot;
let logLines: string[];

beforeEach(async () => {
  dovecot = await startDovecot();
  logLines = [];
  for (const method of ["log", "warn", "info"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logLines.push(args.map(String).join(" ")));
  }
});

afterEach(async () => {
  vi.restoreAllMocks();
  await dovecot.stop();
});

function addTeam(db: AppDatabase): { owner: number; ola: number } {
  const insert = db.$client.prepare("insert into members (name, email, role, is_demo) values (?, ?, ?, 0) returning id");
  const owner = (insert.get("Maja Founder", null, "owner") as { id: number }).id;
  const ola = (insert.get("Ola Member", MEMBER_ADDRESS, "member") as { id: number }).id;
  return { owner, ola };
}

function addInvestorWithSite(db: AppDatabase, name: string, email: string | null, website: string | null): number {
  const id = addInvestor(db, name, email);
  db.$client.prepare("update investors set website = ? where id = ?").run(website, id);
  return id;
}

type FoundRow = { investor: string; person_id: number | null; member_id: number | null; tier: string; evidence: string; state: string };

function foundPaths(db: AppDatabase, team: { owner: number; ola: number }): PathLabel[] {
  const rows = db.$client
    .prepare(
      `select i.name as investor, p.person_id, p.member_id, p.tier, p.evidence, p.state
         from intro_paths p join investors i on i.id = p.investor_id where p.source = 'mail' order by p.id`,
    )
    .all() as FoundRow[];
  const addresses = db.$client.prepare("select address from person_addresses where person_id = ? order by address");
  return rows.flatMap((row) => {
    if (row.person_id === null) {
      const via = row.member_id === team.owner ? "member:owner" : row.member_id === team.ola ? "member:ola" : `member:${row.member_id}`;
      return [{ via, investor: row.investor, tier: row.tier as PathLabel["tier"] }];
    }
    return (addresses.all(row.person_id) as Array<{ address: string }>).map(({ address }) => ({
      via: address,
      investor: row.investor,
      tier: row.tier as PathLabel["tier"],
    }));
  });
}

describe("paths from the labelled mailbox", () => {
  it("finds the labelled paths with precision ≥ 0.9, recall ≥ 0.8 and tiers right for ≥ 80 %", async () => {
    const mailbox = labelledMailbox();
    const messages = mailbox.inbox.length + mailbox.sent.length;
    expect(messages).toBeGreaterThanOrEqual(200);
    expect(mailbox.people.size).toBeGreaterThanOrEqual(40);
    expect(mailbox.investorDomains.size).toBeGreaterThanOrEqual(20);

    writeInboxMessages(dovecot, mailbox.inbox);
    for (const raw of mailbox.sent) await dovecot.append("Sent", raw, ["\\Seen"]);
    const { db } = createTestDatabase();
    const team = addTeam(db);
    for (const investor of mailbox.investors) addInvestorWithSite(db, investor.name, investor.email, investor.website);
    const app = mailApp(db, mailEnv(dovecot), () => MAILBOX_NOW);

    const status = await syncMail(app, { tls: { ca: dovecot.ca } });
    expect(status.last_error).toBeNull();
    expect(status.seen).toBe(messages);

    const found = foundPaths(db, team);
    const score = scorePaths(mailbox.labels, found);
    console.info(
      `paths from the labelled mailbox (${messages} messages, ${mailbox.people.size} people, ${mailbox.investorDomains.size} investor domains, ${mailbox.labels.length} labelled paths): ` +
        `precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, tiers right ${(score.tierAccuracy * 100).toFixed(1)} %` +
        `; false paths ${JSON.stringify(score.falsePositives)}; missed ${JSON.stringify(score.missed)}; tiers off ${JSON.stringify(score.wrongTiers)}`,
    );
    process.stdout.write(`${logLines.filter((line) => line.startsWith("paths from the labelled")).join("\n")}\n`);
    expect(score.precision).toBeGreaterThanOrEqual(0.9);
    expect(score.recall).toBeGreaterThanOrEqual(0.8);
    expect(score.tierAccuracy).toBeGreaterThanOrEqual(0.8);

    // The founder's address and the team's domain are never a connector; no machine is a person.
    const names = db.$client.prepare("select address from person_addresses").all() as Array<{ address: string }>;
    expect(names.map((row) => row.address).filter((address) => address.endsWith("@startup.test") || address.startsWith("noreply"))).toEqual(
      [],
    );
    // Named from the From's display name, with the evidence in words, by the mail sync.
    const person = db.$client
      .prepare(
        `select pe.name, p.evidence from intro_paths p join people pe on pe.id = p.person_id where p.tier = 'strong' order by p.id limit 1`,
      )
      .get() as { name: string; evidence: string };
    expect(person.evidence).toMatch(new RegExp(`^${person.name} and \\S+@\\S+ were on \\d+ threads, last \\d+ \\w{3}, both wrote`));
    const actors = db.$client.prepare("select distinct actor_system from activity where kind = 'intro_path'").all();
    expect(actors).toEqual([{ actor_system: "mail_sync" }]);
    expect(FOUNDER_ADDRESS).toBe(dovecot.user);
    // The sync re-scores whom it found a path to: the relationship part says so at once, not at tomorrow's re-score.
    const warmed = db.$client
      .prepare(
        `select i.score_explained as explained from intro_paths p join investors i on i.id = p.investor_id
          where p.tier = 'strong' and p.person_id is not null and i.relationship_status = 'not_contacted' order by p.id limit 1`,
      )
      .pluck()
      .get() as string | undefined;
    expect(warmed, "a not-contacted investor with a strong path").toBeDefined();
    expect(warmed).toMatch(/a strong path through/);
  }, 120_000);

  it("reading the mailbox again from the start counts nothing twice, and a path a member moved stays when the mail no longer holds it", async () => {
    const mailbox = labelledMailbox();
    writeInboxMessages(dovecot, mailbox.inbox);
    const { db } = createTestDatabase();
    const team = addTeam(db);
    for (const investor of mailbox.investors) addInvestorWithSite(db, investor.name, investor.email, investor.website);
    const app = mailApp(db, mailEnv(dovecot, { IMAP_MAILBOXES: "INBOX" }), () => MAILBOX_NOW);
    await syncMail(app, { tls: { ca: dovecot.ca } });
    const pairRows = () =>
      db.$client.prepare("select address_a, address_b, thread_key, a_wrote, b_wrote from mail_pair_threads order by 1, 2, 3").all();
    const before = pairRows();
    const paths = foundPaths(db, team);
    expect(before.length).toBeGreaterThan(0);

    // Nothing new: the paths are not built again (one look at what they are built from).
    expect(await buildMailPaths(app)).toEqual({ pairsRead: 0, paths: 0, added: 0, removed: 0, touched: [], unchanged: true });
    // A new investor changes the address book's hash: the mailbox is read again from the start.
    addInvestor(db, "Newcomer", "new@elsewhere.vc");
    await syncMail(app, { tls: { ca: dovecot.ca } });
    expect(logLines.some((line) => /mail sync done .*seen=/.test(line))).toBe(true);
    expect(pairRows()).toEqual(before);
    expect(foundPaths(db, team)).toEqual(paths);

    // Two paths no longer hold (their investors' addresses change): the one a member marked asked stays.
    const [first, second] = db.$client
      .prepare("select id, investor_id from intro_paths where source = 'mail' and person_id is not null order by id limit 2")
      .all() as Array<{ id: number; investor_id: number }>;
    db.$client.prepare("update intro_paths set state = 'asked', asked_on = '2026-11-20' where id = ?").run(first!.id);
    db.$client
      .prepare("update investors set email = 'moved@nowhere.example', website = null where id in (?, ?)")
      .run(first!.investor_id, second!.investor_id);
    const result = await buildMailPaths(app);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    const left = db.$client.prepare("select id from intro_paths where id in (?, ?)").all(first!.id, second!.id);
    expect(left).toEqual([{ id: first!.id }]);
  }, 120_000);
});
