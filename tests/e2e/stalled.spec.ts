import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { DATABASE_PATH, E2E_PASSCODE } from "./playwright.config.ts";
import { collectConsoleErrors, openSignedIn, investorIdByName } from "./helpers.ts";

/**
 * Stalled deals on Today (decision 030): an introduction asked for 17 days ago and a meeting whose
 * day has passed are follow-ups with their own words, and each investor's page has a draft that
 * fits, its subject naming the startup and its round. JavaScript on.
 */

function isoDate(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * What no route writes yet (the round's edit form is another branch's): the meeting date, and the
 * startup's round raising now. Written to the server's file over a connection of our own; the
 * PATCH that follows re-scores through the app as any edit does.
 */
function writeDirectly(sql: string, ...params: unknown[]): void {
  const db = new Database(DATABASE_PATH, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

test.use({ javaScriptEnabled: true });

test("a stalled introduction and a past meeting are follow-ups on Today, each with a draft that fits", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openSignedIn(page);
  const startup = await page.request.post("/api/startups", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    // A sector no other spec's investors declare (and deleted at the end): never their best fit.
    data: {
      name: "Ledgerly Stalled",
      pitch: "Books for small shops.",
      sector: "bakery software",
      stage: "pre_seed",
      round_size: 1_500_000,
    },
  });
  expect(startup.status()).toBe(201);
  const startupId = ((await startup.json()) as { startup: { id: number } }).startup.id;
  // Its round, through the API a founder's script would use: it becomes the round raising now (other specs' startups are not).
  const round = await page.request.put("/api/round", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    data: { startup_id: startupId, target: 1_500_000, currency: "USD", role_wanted: "lead" },
  });
  expect(round.status()).toBe(200);

  const csv = [
    "name,firm,email,relationship_status,last_contact_date",
    `Jukka Stalled,Nordic Ledger,jukka-stalled@nordic.example.com,intro_requested,${isoDate(17)}`,
    `Meera Stalled,Harbour Fund,meera-stalled@harbour.example.com,meeting_scheduled,${isoDate(9)}`,
  ].join("\n");
  const imported = await page.request.post("/investors/import", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    multipart: { intent: "commit", file: { name: "stalled.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
    maxRedirects: 0,
  });
  expect(imported.status()).toBe(303);

  const meeting = isoDate(5);
  const meetingId = await investorIdByName(page, "Meera Stalled");
  writeDirectly("update investors set meeting_date = ? where id = ?", meeting, meetingId);
  const patched = await page.request.patch(`/api/investors/${meetingId}`, { data: { relationship_status: "meeting_scheduled" } });
  expect(patched.status()).toBe(200);

  const [, month, day] = meeting.split("-").map(Number) as [number, number, number];
  const followUps = page.getByRole("region", { name: /^Follow-ups due/ });
  await page.goto("/?all=follow_up");
  await expect(followUps.getByRole("listitem").filter({ hasText: "Jukka Stalled" })).toContainText(
    "Nudge Jukka about the introduction you asked for 17 days ago.",
  );
  const meetingRow = followUps.getByRole("listitem").filter({ hasText: "Meera Stalled" });
  await expect(meetingRow).toContainText(`How did the meeting on ${day} ${SHORT_MONTHS[month - 1]} go?`);

  // The meeting's draft: thanks for it, never "Ahead of our meeting" after its day.
  await meetingRow.getByRole("link", { name: "Meera Stalled" }).click();
  await expect(page.getByRole("heading", { name: "Meera Stalled" })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue(`Thank you for the meeting on ${day} ${MONTHS[month - 1]} — Ledgerly Stalled`);
  await expect(page.getByLabel("Draft email")).toHaveValue(/Thank you for taking the time to meet/);

  // The nudge's draft: written to the investor directly, its subject naming the startup and its round.
  await page.goto("/?all=follow_up");
  await followUps.getByRole("listitem").filter({ hasText: "Jukka Stalled" }).getByRole("link", { name: "Jukka Stalled" }).click();
  await expect(page.getByRole("heading", { name: "Jukka Stalled" })).toBeVisible();
  await expect(page.locator(".outreach-note")).toContainText("Nudge Jukka about the introduction you asked for 17 days ago");
  await expect(page.getByLabel("Subject")).toHaveValue("Ledgerly Stalled — raising a $1.5M pre-seed, looking for a lead");
  await expect(page.getByLabel("Draft email")).toHaveValue(/I asked for an introduction to you; in case it got lost/);

  // The server is shared: the startup goes, so other specs' fits and drafts are as they expect.
  expect((await page.request.delete(`/api/startups/${startupId}`)).status()).toBe(200);
  expect(errors).toEqual([]);
});
