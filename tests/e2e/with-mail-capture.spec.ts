import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { type Dovecot, rawMessage, startDovecot } from "../helpers/dovecot.ts";
import { mailEnv } from "../helpers/mail-sync.ts";
import { type RunningServer, startBuiltServer } from "../helpers/server.ts";
import type { ExportedEverything } from "../../db/queries/export.server.ts";

/**
 * Mail capture end to end on the real side (docs/decisions/014-mail-capture.md): a private Dovecot
 * holds mail to and from investors added through the app; "Sync now" on /settings reads it; Today
 * shows "Replies waiting on you" and "Emails to log"; "Log all" records them through the investor
 * edit, with JavaScript on and off; the contacts and the new last contact dates are read back
 * through /export.json. Its own built server (`npm run build` first), not the shared one.
 */

const PASSCODE = "mail-capture-e2e-passcode";
const FOUNDER = "founder@startup.example.org";

let dovecot: Dovecot;
let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dovecot = await startDovecot();
  server = await startBuiltServer({
    ...mailEnv(dovecot),
    ADMIN_PASSCODE: PASSCODE,
    NODE_EXTRA_CA_CERTS: dovecot.caPath,
    SCHEDULER_ENABLED: "false",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await dovecot?.stop();
});

const daysAgo = (days: number, hour = 10) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, hour));
};
const ymd = (date: Date) => date.toISOString().slice(0, 10);

type Exported = ExportedEverything;

async function signedIn(browser: Browser, javaScriptEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Passcode").fill(PASSCODE);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
  return { context, page };
}

async function addInvestor(page: Page, name: string, email: string, status: string): Promise<void> {
  const response = await page.request.post("/investors/new", {
    form: { name, firm: `${name} Capital`, email, relationship_status: status },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

for (const javaScriptEnabled of [true, false]) {
  test(`Sync now, both Today sections, Log all and its Undo, read back through the export (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const tag = javaScriptEnabled ? "Js" : "Nojs";
    const { context, page } = await signedIn(browser, javaScriptEnabled);
    const ada = { name: `Ada ${tag}`, email: `ada.${tag.toLowerCase()}@ledger.example.com` };
    const grace = { name: `Grace ${tag}`, email: `grace.${tag.toLowerCase()}@quiet.example.com` };
    await addInvestor(page, ada.name, ada.email, "not_contacted");
    await addInvestor(page, grace.name, grace.email, "in_conversation");

    // The founder wrote to both; Grace answered and waits.
    await dovecot.append(
      "Sent",
      rawMessage({
        from: FOUNDER,
        to: `${ada.name} <${ada.email}>`,
        subject: `Seed round ${tag}`,
        date: daysAgo(4).toUTCString(),
        messageId: `<seed-${tag}@startup.example.org>`,
      }),
    );
    await dovecot.append(
      "Sent",
      rawMessage({
        from: FOUNDER,
        to: grace.email,
        subject: `Numbers ${tag}`,
        date: daysAgo(5).toUTCString(),
        messageId: `<numbers-${tag}@startup.example.org>`,
      }),
    );
    await dovecot.append(
      "INBOX",
      rawMessage({
        from: `${grace.name} <${grace.email}>`,
        to: FOUNDER,
        subject: `Re: Numbers ${tag}`,
        date: daysAgo(2).toUTCString(),
        messageId: `<re-numbers-${tag}@quiet.example.com>`,
      }),
    );

    await page.goto("/settings");
    const panel = page.getByRole("region", { name: /^Mail capture/ });
    await expect(panel).toContainText("Set up");
    await panel.getByRole("button", { name: "Sync now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Synced" })).toHaveText("Synced: 3 new emails to log on Today.");
    await expect(page.getByRole("region", { name: /^Mail capture/ })).toContainText("3 new");

    await page.goto("/");
    const replies = page.getByRole("region", { name: /^Replies waiting on you/ });
    // (The first test's reply still waits: logging a reply records it, it does not answer it.)
    await expect(replies.getByRole("listitem").filter({ hasText: grace.name })).toHaveCount(1);
    await expect(replies.getByRole("listitem").filter({ hasText: grace.name })).toContainText("waiting 2 days");
    // No Authentication-Results from this Dovecot: Grace's reply still waits, marked (decision 017).
    await expect(replies.getByRole("listitem").filter({ hasText: grace.name })).toContainText("unverified");
    await expect(replies.getByRole("listitem").filter({ hasText: ada.name })).toHaveCount(0);
    const toLog = page.getByRole("region", { name: /^Emails to log/ });
    await expect(toLog.getByRole("listitem")).toHaveCount(3);
    // The founder's own Sent mailbox is verified.
    await expect(toLog.getByRole("listitem").filter({ hasText: ada.name })).not.toContainText("unverified");
    await toLog.getByRole("button", { name: "Log all 3" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Logged" })).toHaveText("Logged 3 emails.");
    await expect(page.getByRole("region", { name: /^Emails to log/ })).toContainText("No emails to log.");
    const logPage = page.url();

    const exported = (await (await page.request.get("/export.json")).json()) as Exported;
    const saved = (name: string) => exported.investors.find((investor) => investor.name === name)!;
    expect(saved(ada.name)).toMatchObject({ relationship_status: "contacted", last_contact_date: ymd(daysAgo(4)) });
    expect(saved(ada.name).contact_history?.map((entry) => [entry.date, entry.channel, entry.note])).toEqual([
      [ymd(daysAgo(4)), "email", `Seed round ${tag}`],
    ]);
    expect(saved(grace.name)).toMatchObject({ relationship_status: "in_conversation", last_contact_date: ymd(daysAgo(2)) });
    expect(
      saved(grace.name)
        .contact_history?.map((entry) => entry.note)
        .sort(),
    ).toEqual([`Numbers ${tag}`, `Re: Numbers ${tag}`]);
    const ours = exported.mail_contacts.filter((mail) => [saved(ada.name).id, saved(grace.name).id].includes(mail.investor_id));
    expect(ours).toHaveLength(3);
    expect(ours.every((mail) => mail.logged_at !== null)).toBe(true);

    // Undo (decision 036): exactly what the log recorded goes — the three entries, Ada's status and
    // both dates, the "logged" marks — and the emails are to log again.
    await page.goto(logPage);
    await page.getByRole("button", { name: "Undo: do not log those 3 emails" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Undone" })).toHaveText(
      "Undone: those 3 emails are no longer logged, and to log again.",
    );
    await expect(page.getByRole("region", { name: /^Emails to log/ }).getByRole("listitem")).toHaveCount(3);
    const undone = (await (await page.request.get("/export.json")).json()) as Exported;
    const back = (name: string) => undone.investors.find((investor) => investor.name === name)!;
    expect(back(ada.name)).toMatchObject({ relationship_status: "not_contacted", last_contact_date: null });
    expect(back(ada.name).contact_history ?? []).toEqual([]);
    expect(back(grace.name)).toMatchObject({ relationship_status: "in_conversation", last_contact_date: null });
    expect(back(grace.name).contact_history ?? []).toEqual([]);
    const mailBack = undone.mail_contacts.filter((mail) => [back(ada.name).id, back(grace.name).id].includes(mail.investor_id));
    expect(mailBack.map((mail) => mail.logged_at)).toEqual([null, null, null]);
    // Everything else in the export is as it was: the first test's rows are untouched.
    const others = (all: Exported) => all.investors.filter((investor) => ![ada.name, grace.name].includes(investor.name));
    expect(others(undone)).toEqual(others(exported));

    // Logged again (the same emails, a new log): the undo left nothing in the way.
    await page
      .getByRole("region", { name: /^Emails to log/ })
      .getByRole("button", { name: "Log all 3" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Logged" })).toHaveText("Logged 3 emails.");
    await context.close();
  });
}

test("a message whose header fields are too large is skipped, named on /settings by mailbox and UID, and the sync goes on", async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, true);
  const cc = Array.from({ length: 5_000 }, (_, i) => `p${i}@list.example`).join(",\r\n ");
  await dovecot.append(
    "INBOX",
    rawMessage({ from: "someone@list.example", to: FOUNDER, cc, subject: "Huge", messageId: "<huge@list.example>" }),
  );
  await page.goto("/settings");
  await page
    .getByRole("region", { name: /^Mail capture/ })
    .getByRole("button", { name: "Sync now" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Synced" })).toHaveText("Synced: no new emails with your investors.");
  const panel = page.getByRole("region", { name: /^Mail capture/ });
  await expect(panel).toContainText("1 message skipped: header too large (1 in the last sync)");
  await expect(panel.getByRole("listitem")).toHaveText([/^INBOX, UID \d+ — header too large$/]);
  await context.close();
});
