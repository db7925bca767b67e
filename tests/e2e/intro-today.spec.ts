import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { type Page, expect, test } from "@playwright/test";
import { DATABASE_PATH, E2E_PASSCODE } from "./playwright.config.ts";
import { collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * Warm paths where the founder looks (decision 065): an investor with a path from the sheet shows
 * "Ask Erik for an intro to …" on Today with the evidence and the connector's draft; "Asked" marks
 * it and the row leaves Email first; five days on (the asked day moved back in the server's file,
 * as the app's clock cannot be moved from outside) Follow-ups due says to nudge Erik, and "Nudged"
 * asks again. JavaScript on and off, at 1440 and 390 px; axe with JavaScript on. Each run has its
 * own startup's investors (the server's data is shared by every spec).
 */

function isoDate(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** What no route writes yet on this branch (the import's Intro via column is another's): the person and the path, and the day asked. */
function writeDirectly(sql: string, ...params: unknown[]): number {
  const db = new Database(DATABASE_PATH, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return Number(db.prepare(sql).run(...params).lastInsertRowid);
  } finally {
    db.close();
  }
}

async function investorId(page: Page, name: string): Promise<number> {
  const response = await page.request.get("/api/search-feed");
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as { items: Array<{ id: number; name: string }> }).items.find((row) => row.name === name);
  expect(found, `${name} in the list`).toBeDefined();
  return found!.id;
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
    "name,firm,email,sectors,stages,geographies,check_min,check_max,relationship_status",
    `Kristin ${tag},Fjord Climate,kristin-${tag}@fjord.example.com,fintech,seed,Europe,100000,500000,not_contacted`,
  ].join("\n");
  const imported = await page.request.post("/investors/import", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    multipart: { intent: "commit", file: { name: "intro.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
    maxRedirects: 0,
  });
  expect(imported.status()).toBe(303);
  const id = await investorId(page, `Kristin ${tag}`);
  const person = writeDirectly(
    "insert into people (name, name_key, is_demo) values (?, ?, 0)",
    `Erik Solberg-${tag}`,
    `erik solberg-${tag.toLowerCase()}`,
  );
  const pathId = writeDirectly(
    "insert into intro_paths (investor_id, person_id, source, evidence, state, is_demo) values (?, ?, 'import', 'ex-colleague', 'to_ask', 0)",
    id,
    person,
  );
  await rescore(page, id);
  return { id, pathId, startupId };
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`a warm path on Today, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: width === 390 ? 844 : 900 } });

      test("Ask Erik…, Asked, and five days later the nudge", async ({ page }) => {
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
        await expect(row).toContainText("From your sheet · ex-colleague");
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
        // The server is shared: the startup goes, so other specs' fits are as they expect.
        expect((await page.request.delete(`/api/startups/${startupId}`)).status()).toBe(200);
        expect(errors).toEqual([]);
      });
    });
  }
}
