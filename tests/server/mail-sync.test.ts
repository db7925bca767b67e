import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MailReader } from "#app/integrations/mail/imap.server.ts";
import { connectMailServer } from "#app/integrations/mail/imap.server.ts";
import { stopMailSync, syncMail } from "#app/jobs/mail-sync.server.ts";
import { readMailSyncStatus } from "#db/queries/mail-status.server.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { type Dovecot, rawMessage, startDovecot } from "../helpers/dovecot.ts";
import { addInvestor, mailApp, mailContacts, mailEnv } from "../helpers/mail-sync.ts";

/**
 * The mail sync against a real IMAP server (a private Dovecot per test): what it saves, what it
 * reads once, and how it fails (docs/decisions/014-mail-capture.md).
 */

let dovecot: Dovecot;
let logLines: string[];

beforeEach(async () => {
  dovecot = await startDovecot();
  logLines = [];
  for (const method of ["log", "warn", "info", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logLines.push(args.map(String).join(" ")));
  }
});

afterEach(async () => {
  vi.restoreAllMocks();
  await dovecot.stop();
});

const FOUNDER = "Founder <founder@startup.test>";

function setup(extra: Record<string, string> = {}) {
  const { db, path } = createTestDatabase();
  const app = mailApp(db, mailEnv(dovecot, extra));
  const jane = addInvestor(db, "Jane Doe", "jane@fund.com");
  const bob = addInvestor(db, "Bob Vance", "BOB@VC.com");
  const demo = addInvestor(db, "Demo Dana", "dana@demo.example", { demo: true });
  return { db, path, app, jane, bob, demo, tls: { ca: dovecot.ca } };
}

const failures = () => logLines.filter((line) => line.includes("mail sync failed"));

describe("mail sync against Dovecot", () => {
  it("a mailbox cleaned up over time: only existing messages are fetched, and the saved UID is the last one read", async () => {
    const { db, app, jane, tls } = setup({ IMAP_MAILBOXES: "INBOX" });
    for (let i = 1; i <= 60; i++) {
      await dovecot.append(
        "INBOX",
        rawMessage({ from: "Jane <jane@fund.com>", to: FOUNDER, subject: `Note ${i}`, messageId: `<n${i}@fund.com>` }),
      );
    }
    // The founder archived all but three: UIDs 1, 30 and 60 are left.
    const client = await dovecot.connect();
    await client.mailboxOpen("INBOX");
    await client.messageDelete("2:29,31:59", { uid: true });
    await client.logout();
    const fetches: Array<[number, number]> = [];
    const connect = async (options: Parameters<typeof connectMailServer>[0]): Promise<MailReader> => {
      const reader = await connectMailServer({ ...options, tls });
      return {
        ...reader,
        fetchHeaders(from, to) {
          fetches.push([from, to]);
          return reader.fetchHeaders(from, to);
        },
      };
    };
    // Ten UIDs a batch: walking UID windows would take six round trips for three messages.
    const status = await syncMail(app, { connect, batchSize: 10 });
    expect(status).toMatchObject({ seen: 3, matched: 3, added: 3, last_error: null });
    expect(fetches).toEqual([[1, 60]]);
    expect(mailContacts(db).map((row) => [row.investor_id, row.subject])).toEqual([
      [jane, "Note 1"],
      [jane, "Note 30"],
      [jane, "Note 60"],
    ]);
    expect(db.$client.prepare("select last_uid from mail_mailboxes where path = 'INBOX'").get()).toEqual({ last_uid: 60 });
    // The next message is found, and only it is fetched.
    await dovecot.append("INBOX", rawMessage({ from: "jane@fund.com", to: FOUNDER, subject: "Note 61", messageId: "<n61@fund.com>" }));
    expect(await syncMail(app, { connect, batchSize: 10 })).toMatchObject({ seen: 1, added: 1 });
    expect(fetches.at(-1)).toEqual([61, 61]);
  });

  it("the Sent mailbox decides a message is the founder's, even from an address that is not IMAP_USER", async () => {
    const { db, app, bob, tls } = setup();
    const fromAlias = rawMessage({
      from: "Ledgerly <hello@startup.test>",
      to: "bob@vc.com",
      subject: "Following up",
      date: "Fri, 6 Mar 2026 09:00:00 +0000",
      messageId: "<alias@startup.test>",
    });
    // The inbox copy is read first and looks like someone else's message copying Bob.
    await dovecot.append("INBOX", fromAlias);
    await dovecot.append("Sent", fromAlias, ["\\Seen"]);
    const status = await syncMail(app, { tls });
    expect(status.last_error).toBeNull();
    expect(
      mailContacts(db)
        .filter((row) => row.message_id === "<alias@startup.test>")
        .map((row) => [row.investor_id, row.direction]),
    ).toEqual([[bob, "sent"]]);
  });

  it("saves one contact per investor a message names, once, and marks nothing read", async () => {
    const { db, app, jane, bob, tls } = setup();
    const toJane = rawMessage({
      from: FOUNDER,
      to: '"Doe, Jane" <Jane@Fund.COM>',
      subject: "Our seed round",
      date: "Mon, 2 Mar 2026 09:00:00 +0000",
      messageId: "<m1@startup.test>",
    });
    await dovecot.append(
      "INBOX",
      rawMessage({
        from: "Jane <JANE@fund.com>",
        to: FOUNDER,
        subject: "Re: Our seed round",
        date: "Tue, 3 Mar 2026 10:00:00 +0100",
        messageId: "<m2@fund.com>",
      }),
    );
    await dovecot.append(
      "INBOX",
      rawMessage({ from: "news@letters.example", to: FOUNDER, subject: "Newsletter", messageId: "<m3@letters.example>" }),
    );
    await dovecot.append(
      "INBOX",
      rawMessage({
        from: "Someone <someone@else.example>",
        to: FOUNDER,
        cc: "bob@vc.com",
        subject: "Intro",
        date: "Wed, 4 Mar 2026 08:00:00 +0000",
        messageId: "<m4@else.example>",
      }),
    );
    await dovecot.append("INBOX", rawMessage({ from: FOUNDER, to: "dana@demo.example", subject: "Demo", messageId: "<m5@startup.test>" }));
    await dovecot.append("Sent", toJane, ["\\Seen"]);
    await dovecot.append("INBOX", toJane); // The copy a founder Bcc's to themselves.
    await dovecot.append(
      "Sent",
      rawMessage({
        from: FOUNDER,
        to: "jane@fund.com, Bob <bob@vc.com>",
        subject: "Both of you",
        date: "Thu, 5 Mar 2026 12:00:00 +0000",
        messageId: "<m6@startup.test>",
      }),
    );

    const status = await syncMail(app, { tls });
    expect(status.last_error).toBeNull();
    expect(status.mailboxes).toEqual(["INBOX", "Sent"]);
    expect(status).toMatchObject({ seen: 7, matched: 5, added: 5 });
    expect(readMailSyncStatus(db)).toEqual(status);
    expect(mailContacts(db)).toEqual([
      {
        investor_id: jane,
        message_id: "<m1@startup.test>",
        direction: "sent",
        sent_at: "2026-03-02T09:00:00.000Z",
        subject: "Our seed round",
      },
      {
        investor_id: jane,
        message_id: "<m2@fund.com>",
        direction: "received",
        sent_at: "2026-03-03T09:00:00.000Z",
        subject: "Re: Our seed round",
      },
      // Someone else's introduction copying Bob waits on the founder: received, not sent.
      { investor_id: bob, message_id: "<m4@else.example>", direction: "received", sent_at: "2026-03-04T08:00:00.000Z", subject: "Intro" },
      {
        investor_id: jane,
        message_id: "<m6@startup.test>",
        direction: "sent",
        sent_at: "2026-03-05T12:00:00.000Z",
        subject: "Both of you",
      },
      { investor_id: bob, message_id: "<m6@startup.test>", direction: "sent", sent_at: "2026-03-05T12:00:00.000Z", subject: "Both of you" },
    ]);
    // The investor's own columns are not the sync's to write.
    expect(db.$client.prepare("select relationship_status, last_contact_date from investors where id = ?").get(jane)).toEqual({
      relationship_status: "not_contacted",
      last_contact_date: null,
    });

    // Read-only, BODY.PEEK: the unread messages are still unread.
    const client = await dovecot.connect();
    await client.mailboxOpen("INBOX", { readOnly: true });
    const seen = (await client.fetchAll("1:*", { flags: true })).filter((message) => message.flags?.has("\\Seen"));
    await client.logout();
    expect(seen).toEqual([]);

    // Again: nothing new. Then one new message is read, and only it.
    expect(await syncMail(app, { tls })).toMatchObject({ seen: 0, matched: 0, added: 0, last_error: null });
    await dovecot.append("INBOX", rawMessage({ from: "bob@vc.com", to: FOUNDER, subject: "Term sheet", messageId: "<m7@vc.com>" }));
    expect(await syncMail(app, { tls })).toMatchObject({ seen: 1, matched: 1, added: 1 });
    expect(mailContacts(db)).toHaveLength(6);
    expect(failures()).toEqual([]);
  });

  it("one sync at a time: a second call gets the running sync's result", async () => {
    const { app, tls } = setup();
    await dovecot.append("INBOX", rawMessage({ from: "jane@fund.com", to: FOUNDER, messageId: "<a@x>" }));
    const first = syncMail(app, { tls });
    const second = syncMail(app, { tls });
    expect(second).toBe(first);
    expect((await first).added).toBe(1);
  });

  it("a new UIDVALIDITY reads the mailbox again, and duplicates nothing", async () => {
    const { db, app, tls } = setup({ IMAP_MAILBOXES: "Archive" });
    const messages = [1, 2, 3].map((n) =>
      rawMessage({ from: FOUNDER, to: "jane@fund.com", subject: `Note ${n}`, messageId: `<note${n}@startup.test>` }),
    );
    await dovecot.createMailbox("Archive");
    for (const message of messages) await dovecot.append("Archive", message);
    expect(await syncMail(app, { tls })).toMatchObject({ mailboxes: ["Archive"], seen: 3, added: 3 });
    const before = db.$client.prepare("select uid_validity from mail_mailboxes where path = 'Archive'").pluck().get();

    await dovecot.deleteMailbox("Archive");
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // Dovecot's UIDVALIDITY is a time in seconds.
    await dovecot.createMailbox("Archive");
    for (const message of messages) await dovecot.append("Archive", message);
    const again = await syncMail(app, { tls });
    expect(db.$client.prepare("select uid_validity from mail_mailboxes where path = 'Archive'").pluck().get()).not.toBe(before);
    expect(again).toMatchObject({ seen: 3, matched: 3, added: 0, last_error: null });
    expect(mailContacts(db)).toHaveLength(3);
  });

  it("a newly imported investor's old mail is found: a new set of addresses reads the mailboxes again", async () => {
    const { db, app, tls } = setup();
    await dovecot.append(
      "INBOX",
      rawMessage({ from: "carol@angels.example", to: FOUNDER, subject: "Hello", messageId: "<c1@angels.example>" }),
    );
    await dovecot.append("INBOX", rawMessage({ from: "jane@fund.com", to: FOUNDER, subject: "Hi", messageId: "<j1@fund.com>" }));
    expect(await syncMail(app, { tls })).toMatchObject({ seen: 2, added: 1 });
    expect(await syncMail(app, { tls })).toMatchObject({ seen: 0, added: 0 });
    const carol = addInvestor(db, "Carol", "Carol@Angels.example");
    expect(await syncMail(app, { tls })).toMatchObject({ seen: 2, matched: 2, added: 1 });
    expect(mailContacts(db).filter((row) => row.investor_id === carol)).toHaveLength(1);
    expect(mailContacts(db)).toHaveLength(2);
  });

  it("reads odd messages: broken or missing headers, 500 recipients, 10 MB, future or unreadable dates, encoded subjects", async () => {
    const { db, app, jane, bob } = setup({ IMAP_MAILBOXES: "INBOX" });
    let headerBytes = 0;
    // Counts the header bytes the server sent: a 10 MB message must cost only its header fields.
    const connect = async (options: Parameters<typeof connectMailServer>[0]): Promise<MailReader> => {
      const reader = await connectMailServer({ ...options, tls: { ca: dovecot.ca } });
      return {
        ...reader,
        async fetchHeaders(from, to) {
          const messages = await reader.fetchHeaders(from, to);
          for (const message of messages) headerBytes += message.headers?.length ?? 0;
          return messages;
        },
      };
    };
    const recipients = Array.from({ length: 499 }, (_, i) => `"Person ${i}, Esq." <person${i}@list.example>`);
    const now = new Date();
    await dovecot.append("INBOX", "From: <<<jane@fund.com\r\nTo: (((\r\nDate: 99 Xyz\r\nSubject: =?UTF-8?B?@@@?=\r\n\r\nbody\r\n");
    await dovecot.append("INBOX", "X-Nothing: at all\r\n\r\nNo headers we read.\r\n");
    await dovecot.append(
      "INBOX",
      rawMessage({
        from: FOUNDER,
        to: [...recipients, "Bob <bob@vc.com>"].join(",\r\n "),
        subject: "Update to 500",
        messageId: "<many@startup.test>",
      }),
    );
    await dovecot.append(
      "INBOX",
      rawMessage({
        from: FOUNDER,
        to: "jane@fund.com",
        subject: "Big deck",
        messageId: "<big@startup.test>",
        body: "x".repeat(76).concat("\n").repeat(138_000),
      }),
    );
    await dovecot.append(
      "INBOX",
      rawMessage({
        from: "jane@fund.com",
        to: FOUNDER,
        subject: "From the future",
        date: "Sat, 1 Jan 2039 00:00:00 +0000",
        messageId: "<future@fund.com>",
      }),
    );
    await dovecot.append(
      "INBOX",
      rawMessage({ from: "jane@fund.com", to: FOUNDER, subject: "No idea when", date: "sometime last week", messageId: "<when@fund.com>" }),
    );
    const subjects = {
      "<s1@fund.com>": ["=?UTF-8?B?w4dhIHZhIGJpZW4g4pyT?=", "Ça va bien ✓"],
      "<s2@fund.com>": ["=?ISO-8859-1?Q?Andr=E9_et_Fran=E7ois?=", "André et François"],
      "<s3@fund.com>": ["=?windows-1252?Q?=93Term=94_sheet_=80?=", "“Term” sheet €"],
      "<s4@fund.com>": ["=?KOI8-R?B?8NLJ18XU?=", "Привет"],
      "<s5@fund.com>": ["=?ISO-2022-JP?B?GyRCRnxLXDhsGyhC?=", "日本語"],
      "<s6@fund.com>": ["=?Shift_JIS?B?k/qWe4zq?= =?UTF-8?Q?_and_more?=", "日本語 and more"],
    };
    for (const [messageId, [encoded]] of Object.entries(subjects)) {
      await dovecot.append("INBOX", rawMessage({ from: "bob@vc.com", to: FOUNDER, subject: encoded!, messageId }));
    }

    const status = await syncMail(app, { connect });
    expect(status).toMatchObject({ seen: 12, matched: 11, added: 11, last_error: null });
    expect(headerBytes).toBeLessThan(40_000);
    const rows = mailContacts(db);
    const byId = new Map(rows.map((row) => [row.message_id, row]));
    expect(rows.find((row) => row.message_id.startsWith("<synthetic."))).toMatchObject({
      investor_id: jane,
      direction: "received",
      subject: "",
    });
    expect(byId.get("<many@startup.test>")).toMatchObject({ investor_id: bob, direction: "sent" });
    expect(byId.get("<big@startup.test>")).toMatchObject({ investor_id: jane, subject: "Big deck" });
    for (const id of ["<future@fund.com>", "<when@fund.com>"]) {
      const sentAt = Date.parse(byId.get(id)!.sent_at);
      // The server's arrival time: a moment ago, never 2039.
      expect(Math.abs(sentAt - now.getTime())).toBeLessThan(120_000);
    }
    for (const [messageId, [, decoded]] of Object.entries(subjects)) expect(byId.get(messageId)?.subject).toBe(decoded);
  });

  it("a From the receiving server vouched for is verified, a forged one is not, and bidi controls never reach a subject", async () => {
    const { db, app } = setup({ IMAP_MAILBOXES: "INBOX" });
    const passing = "Authentication-Results: mx.startup.test; dkim=pass header.d=fund.com; dmarc=pass header.from=fund.com";
    await dovecot.append(
      "INBOX",
      rawMessage({ from: "jane@fund.com", to: FOUNDER, subject: "Real", messageId: "<real@fund.com>", extraHeaders: passing }),
    );
    // A stranger's copy: the founder's server found no signature, and the stranger's own claim sits below its result.
    const forged = `Authentication-Results: mx.startup.test; dkim=none; dmarc=fail header.from=fund.com\r\n${passing}`;
    await dovecot.append(
      "INBOX",
      rawMessage({
        from: "jane@fund.com",
        to: FOUNDER,
        subject: "Invoice \u202efdp.exe",
        messageId: "<forged@fund.com>",
        extraHeaders: forged,
      }),
    );
    const status = await syncMail(app, { tls: { ca: dovecot.ca } });
    expect(status).toMatchObject({ added: 2, skipped: 0, last_error: null });
    expect(db.$client.prepare("select message_id, subject, verified from mail_contacts order by message_id").all()).toEqual([
      { message_id: "<forged@fund.com>", subject: "Invoice fdp.exe", verified: 0 },
      { message_id: "<real@fund.com>", subject: "Real", verified: 1 },
    ]);
  });

  it("keeps no body: a marker in every message never reaches the database file", async () => {
    const { db, path, app, tls } = setup();
    const marker = `BODY-MARKER-${Date.now()}-only-in-bodies`;
    for (let n = 0; n < 5; n++) {
      await dovecot.append(
        "INBOX",
        rawMessage({
          from: "jane@fund.com",
          to: FOUNDER,
          subject: `Note ${n}`,
          messageId: `<b${n}@fund.com>`,
          body: `${marker}\r\nsecond line ${marker}`,
        }),
      );
    }
    expect(await syncMail(app, { tls })).toMatchObject({ added: 5 });
    const beforeCheckpoint = [path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file).toString("latin1"));
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    const afterCheckpoint = readFileSync(path).toString("latin1");
    for (const bytes of [...beforeCheckpoint, afterCheckpoint]) expect(bytes.includes(marker)).toBe(false);
    expect(afterCheckpoint.includes("<b0@fund.com>")).toBe(true); // The file is readable as it is: the test can see.
  });
});

/** Runs tests/fixtures/mail-sync-child.ts; resolves with its output once `until` is seen or it exits. */
function runChild(settings: object, until?: string): Promise<{ output: string; kill: () => Promise<void> }> {
  const child = spawn(process.execPath, ["tests/fixtures/mail-sync-child.ts"], {
    env: { PATH: process.env.PATH ?? "", MAIL_SYNC_CHILD: JSON.stringify(settings) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const kill = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`the child did not finish:\n${output}`));
    }, 30_000);
    const check = () => {
      if (until && output.includes(until)) {
        clearTimeout(timer);
        resolve({ output, kill });
      }
    };
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      check();
    });
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ output, kill });
      else reject(new Error(`the child exited with ${code}:\n${output}`));
    });
  });
}

describe("a crash mid-sync", () => {
  it("killed after its first batch, the next run starts after the saved UID and reads each message once", async () => {
    const { db, path, jane } = setup();
    for (let n = 1; n <= 25; n++) {
      await dovecot.append(
        "INBOX",
        rawMessage({ from: FOUNDER, to: "jane@fund.com", subject: `Update ${n}`, messageId: `<u${n}@startup.test>` }),
      );
    }
    const settings = { database: path, env: mailEnv(dovecot, { IMAP_MAILBOXES: "INBOX" }), ca: dovecot.ca, batchSize: 10 };
    const first = await runChild({ ...settings, pauseAfterFirstBatch: true }, "PAUSED");
    await first.kill(); // SIGKILL: no chance to clean up.
    expect(first.output).toContain('BATCH {"mailbox":"INBOX","fromUid":1,"toUid":10,"fetched":10}');
    expect(mailContacts(db)).toHaveLength(10);
    expect(db.$client.prepare("select last_uid from mail_mailboxes where path = 'INBOX'").pluck().get()).toBe(10);

    const second = await runChild({ ...settings, pauseAfterFirstBatch: false });
    const batches = [...second.output.matchAll(/^BATCH (.*)$/gm)].map(
      (match) => JSON.parse(match[1]!) as { fromUid: number; fetched: number },
    );
    expect(batches.map((batch) => batch.fromUid)).toEqual([11, 21]);
    const status = JSON.parse(/^STATUS (.*)$/m.exec(second.output)![1]!) as { seen: number; added: number; last_error: string | null };
    expect(status).toMatchObject({ seen: 15, added: 15, last_error: null });
    const rows = mailContacts(db);
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((row) => row.message_id)).size).toBe(25);
    expect(rows.every((row) => row.investor_id === jane)).toBe(true);
    // Two child processes, each starting Node and a TLS session: well past the default on a busy machine.
  }, 60_000);
});

describe("stopping (SIGTERM)", () => {
  it("stopMailSync ends a sync after its current batch; the next one carries on from there", async () => {
    const { db, app, tls } = setup({ IMAP_MAILBOXES: "INBOX" });
    for (let n = 1; n <= 12; n++)
      await dovecot.append("INBOX", rawMessage({ from: "bob@vc.com", to: FOUNDER, messageId: `<t${n}@vc.com>` }));
    let stopped: Promise<void> | undefined;
    const status = await syncMail(app, {
      tls,
      batchSize: 5,
      onBatchSaved() {
        stopped ??= stopMailSync();
      },
    });
    await stopped;
    expect(status).toMatchObject({ seen: 5, added: 5, last_error: null });
    expect(await syncMail(app, { tls, batchSize: 5 })).toMatchObject({ seen: 7, added: 7 });
    expect(mailContacts(db)).toHaveLength(12);
  });
});

describe("mail sync failures", () => {
  it("a wrong password: our words, one log line, nothing lost, and the password nowhere", async () => {
    const { db, app, tls } = setup();
    await dovecot.append("INBOX", rawMessage({ from: "jane@fund.com", to: FOUNDER, messageId: "<kept@fund.com>" }));
    expect(await syncMail(app, { tls })).toMatchObject({ added: 1, last_error: null });

    const wrong = `wrong-${dovecot.password}-x`;
    const badApp = mailApp(db, mailEnv({ ...dovecot, password: wrong }));
    const status = await syncMail(badApp, { tls });
    expect(status.last_error).toBe(
      "The mail server refused the user name or password. Check IMAP_USER and IMAP_PASSWORD (for Gmail, Fastmail or iCloud use an app password).",
    );
    expect(status.last_error_at).not.toBeNull();
    expect(failures()).toHaveLength(1);
    expect(mailContacts(db)).toHaveLength(1);
    const everything = [JSON.stringify(status), JSON.stringify(readMailSyncStatus(db)), ...logLines].join("\n");
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain(dovecot.password);
  });

  it("a server that is down: our words, and the next sync works once it is back", async () => {
    const { db, app, tls } = setup();
    await dovecot.append("INBOX", rawMessage({ from: "jane@fund.com", to: FOUNDER, messageId: "<up@fund.com>" }));
    expect(await syncMail(app, { tls })).toMatchObject({ added: 1 });
    const { host, port } = dovecot;
    await dovecot.stop();
    const status = await syncMail(app, { tls });
    expect(status.last_error).toBe(
      `Could not reach the mail server at ${host}:${port}. Check IMAP_HOST, IMAP_PORT and IMAP_TLS; the sync will try again on its schedule.`,
    );
    expect(failures()).toHaveLength(1);
    expect(mailContacts(db)).toHaveLength(1);
    expect(readMailSyncStatus(db).last_error).toBe(status.last_error);
  });

  it("a mailbox that does not exist: the others are still read", async () => {
    const { db, app, tls } = setup({ IMAP_MAILBOXES: "INBOX, Nope/Gone , Sent" });
    await dovecot.append("INBOX", rawMessage({ from: "jane@fund.com", to: FOUNDER, messageId: "<i@fund.com>" }));
    await dovecot.append("Sent", rawMessage({ from: FOUNDER, to: "bob@vc.com", messageId: "<s@startup.test>" }));
    const status = await syncMail(app, { tls });
    expect(status.last_error).toBe('The mailbox "Nope/Gone" does not exist. Check IMAP_MAILBOXES.');
    expect(status.mailboxes).toEqual(["INBOX", "Sent"]);
    expect(mailContacts(db)).toHaveLength(2);
    expect(failures()).toHaveLength(1);
  });

  it("a certificate we do not trust: our words", async () => {
    const { app } = setup();
    const status = await syncMail(app);
    expect(status.last_error).toMatch(/^The mail server's TLS certificate was not accepted/);
    expect(failures()).toHaveLength(1);
  });

  it("plain IMAP against the TLS port: our words, and it gives up in time", async () => {
    const { app, tls } = setup({ IMAP_TLS: "false" });
    const status = await syncMail(app, { tls, timeoutsMs: { greeting: 2_000 } });
    expect(status.last_error).not.toBeNull();
    expect(status.last_error).toMatch(
      /^The mail server at 127\.0\.0\.1:\d+ (did not answer in time|closed the connection)\. Check IMAP_HOST, IMAP_PORT and IMAP_TLS/,
    );
    expect(failures()).toHaveLength(1);
  }, 60_000);
});
