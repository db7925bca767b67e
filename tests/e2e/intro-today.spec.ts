import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { type Page, expect, test } from "@playwright/test";
import { DATABASE_PATH, E2E_PASSCODE } from "./playwright.config.ts";
import { collectConsoleErrors, openSignedIn, investorIdByName } from "./helpers.ts";

/**
 * Warm paths where the founder looks (decision 065), the whole morning: a sheet with an
 * Intro via column is imported; the investor shows
 * "Ask Erik for an intro to …" on Today with the evidence and the connector's draft; "Asked" marks
 * it and the row leaves Email first; five days on (the asked day moved back in the server's file,
 * as the app's clock cannot be moved from outside) Follow-ups due says to nudge Erik, and "Nudged"
 * asks again; the connector draft on the investor page, "Mark introduced", and the export reads it
 * back. JavaScript on and off, at 1440 and 390 px; axe with JavaScript on. Each run has its
 * own startup's investors (the server's data is shared by every spec).
 */

function isoDate(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** The day asked, moved back in the server's file: five days passing for this intro (the shared server's clock stays). */
function writeDirectly(sql: string, ...params: unknown[]): number {
  const db = new Database(DATABASE_PATH, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return Number(db.prepare(sql).run(...params).lastInsertRowid);
  } finally {
    db.close();
  }
}

/** Re-scored through the app, as any edit is (the status stays what it was). */
async function rescore(page: Page, id: number): Promise<void> {
  expect((await page.request.patch(`/api/investors/${id}`, { data: { relationship_status: "not_contacted" } })).status()).toBe(200);
}

async function seed(page: Page, tag: string): Promise<{ id: number; pathId: number; startupId: number }> {
  const startup = await page.request.post("/api/startups", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    data: {
      name: `Fjordly ${tag}`,
      pitch: "Books for small shops.",
      sector: "fintech",
      stage: "seed",
      geography: "Europe",
      round_size: 2_000_000,
    },
  });
  expect(startup.status()).toBe(201);
  const startupId = ((await startup.json()) as { startup: { id: number } }).startup.id;
  const csv = [
    "name,firm,email,sectors,stages,geographies,check_min,check_max,relationship_status,Intro via",
    `Kristin ${tag},Fjord Climate,kristin-${tag}@fjord.example.com,fintech,seed,Europe,100000,500000,not_contacted,Erik Solberg-${tag} (ex-colleague)`,
  ].join("\n");
  const imported = await page.request.post("/investors/import", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    multipart: { intent: "commit", file: { name: "intro.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
    maxRedirects: 0,
  });
  expect(imported.status()).toBe(303);
  const id = await investorIdByName(page, `Kristin ${tag}`);
  const db = new Database(DATABASE_PATH, { readonly: true, fileMustExist: true });
  const pathId = db.prepare("select id from intro_paths where investor_id = ?").pluck().get(id) as number;
  db.close();
  expect(pathId, "the import made the path from the Intro via column").toBeGreaterThan(0);
  return { id, pathId, startupId };
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`a warm path on Today, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: width === 390 ? 844 : 900 } });

      test("a sheet with Intro via: Ask Erik…, Asked, five days later the nudge, the draft, introduced, exported", async ({ page }) => {
        const errors = collectConsoleErrors(page);
        const tag = `${javaScriptEnabled ? "Js" : "Nojs"}${width}`;
        const name = `Kristin ${tag}`;
        await openSignedIn(page);
        const { id, pathId, startupId } = await seed(page, tag);
        const emailFirst = page.getByRole("region", { name: /^Email first/ });
        const followUps = page.getByRole("region", { name: /^Follow-ups due/ });
        const rowIn = (list: typeof emailFirst) =>
          list.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });

        await page.goto("/?all=email_first");
        const row = rowIn(emailFirst);
        await expect(row).toContainText(`Ask Erik for an intro to ${name} (Fjord Climate)`);
        await expect(row).toContainText("From your sheet");
        await expect(row).toContainText("ex-colleague");
        await expect(row.getByRole("link", { name: "the draft for Erik" })).toHaveAttribute(
          "href",
          `/investors/${id}#intro-draft-${pathId}`,
        );
        await expect(row.getByRole("button", { name: `Emailed ${name}` })).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (javaScriptEnabled) {
          await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
          const axe = await new AxeBuilder({ page }).include(".today").analyze();
          expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
        }

        await row.getByRole("button", { name: `Asked Erik for the intro to ${name}` }).click();
        const notice = page.getByRole("status").filter({ hasText: `you asked Erik for the intro to ${name} today` });
        await expect(notice).toBeVisible();
        await expect(notice.getByRole("button", { name: "Undo: you did not ask Erik yet" })).toBeVisible();
        await page.goto("/?all=email_first");
        await expect(emailFirst.getByRole("heading")).toBeVisible();
        await expect(rowIn(emailFirst)).toHaveCount(0);

        // Five days on: the day asked moved back in the server's file, then re-scored through the app.
        writeDirectly("update intro_paths set asked_on = ? where id = ?", isoDate(5), pathId);
        await rescore(page, id);
        await page.goto("/?all=follow_up");
        const nudge = rowIn(followUps);
        await expect(nudge).toContainText(`Nudge Erik about the intro to ${name} you asked for 5 days ago.`);
        await expect(nudge.getByRole("link", { name: "The draft for Erik" })).toHaveAttribute(
          "href",
          `/investors/${id}#intro-draft-${pathId}`,
        );
        if (javaScriptEnabled) {
          const axe = await new AxeBuilder({ page }).include(".today").analyze();
          expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
        }
        await nudge.getByRole("button", { name: `Nudged Erik about the intro to ${name}` }).click();
        await expect(page.getByRole("status").filter({ hasText: `you asked Erik for the intro to ${name} today` })).toBeVisible();
        await page.goto("/?all=follow_up");
        await expect(followUps.getByRole("heading")).toBeVisible();
        await expect(rowIn(followUps)).toHaveCount(0);

        // Erik made the introduction: the draft he was sent is on the investor page; marked introduced, read back.
        await page.goto(`/investors/${id}#intro-draft-${pathId}`);
        const draft = page.locator(`#intro-draft-${pathId}`);
        await expect(draft).toContainText("Hi Erik,");
        const path = page.getByRole("region", { name: "Intro paths" }).locator(`#intro-path-${pathId}`);
        await path.getByLabel("moves to Contacted").check();
        await path.getByRole("button", { name: "Mark introduced" }).click();
        await expect(path.locator(".intro-state")).toHaveText(/^Introduced since/);
        const exported = await (await page.request.get("/export.json")).json();
        expect(exported.intro_paths.find((saved: { id: number }) => saved.id === pathId)).toMatchObject({
          investor_id: id,
          source: "import",
          state: "introduced",
          asked_on: isoDate(0),
        });
        expect(exported.investors.find((saved: { id: number }) => saved.id === id).relationship_status).toBe("contacted");
        // The server is shared: the startup goes, so other specs' fits are as they expect.
        expect((await page.request.delete(`/api/startups/${startupId}`)).status()).toBe(200);
        expect(errors).toEqual([]);
      });
    });
  }
}
