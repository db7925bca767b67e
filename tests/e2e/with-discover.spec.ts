import Database from "better-sqlite3";
import { type Page, expect, test } from "@playwright/test";
import { collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * Discover with JavaScript on and off, at 1440 and 390 px (docs/product.md#discovery): one
 * discovered investor added to the pipeline, another dismissed, both read back through
 * /export.json and the page. Deals come from a discovery run, which this server has no sources
 * for, so the spec writes them as a run would. Named to run after with-and-without-javascript,
 * whose first table page must keep the investors it adds.
 */

const today = new Date().toISOString().slice(0, 10);

function seedDeal(company: string, lead: string, participant: string) {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error("E2E_DATABASE_PATH is set by playwright.config.ts");
  const db = new Database(path);
  try {
    const key = (name: string) => name.toLowerCase();
    const id = db
      .prepare(
        "insert into deals (company, company_key, amount, currency, stage, sectors, geography, announced_on, source_urls) values (?, ?, 2000000, 'USD', 'seed', '[\"climate\"]', 'France', ?, '[\"https://news.example/deal\"]') returning id",
      )
      .pluck()
      .get(company, key(company), today) as number;
    const name = db.prepare("insert into deal_investors (deal_id, key, name, role) values (?, ?, ?, ?)");
    name.run(id, key(lead), lead, "lead");
    name.run(id, key(participant), participant, "participant");
  } finally {
    db.close();
  }
}

async function exported(page: Page) {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    investors: Array<{
      name: string;
      relationship_status: string;
      stages: string[];
      evidence: Array<{ category: string | null; title: string }>;
    }>;
  };
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`Discover, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });
      const tag = `${javaScriptEnabled ? "On" : "Off"} ${width}`;
      const lead = `Lumen ${tag}`;
      const other = `Dusk ${tag}`;

      test("adds one discovered investor and dismisses another", async ({ page }) => {
        const errors = collectConsoleErrors(page);
        seedDeal(`Solaris ${tag}`, lead, other);
        await openSignedIn(page);
        await page.goto("/discover");
        if (javaScriptEnabled) await page.waitForLoadState("networkidle");
        await expect(page.getByRole("heading", { name: lead })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        await page.getByRole("button", { name: `Add ${lead} to pipeline` }).click();
        await expect(page.getByRole("status")).toContainText(`Added ${lead} to your pipeline`);
        await expect(page.getByRole("heading", { name: lead })).toHaveCount(0);

        await page.getByRole("button", { name: `Dismiss ${other}` }).click();
        await expect(page.getByRole("status")).toContainText(`Dismissed ${other}`);
        await expect(page.getByRole("heading", { name: other })).toHaveCount(0);

        const saved = (await exported(page)).investors;
        const added = saved.filter((investor) => investor.name === lead);
        expect(added).toHaveLength(1);
        expect(added[0]).toMatchObject({ relationship_status: "not_contacted", stages: ["seed"] });
        expect(added[0]!.evidence).toEqual([
          expect.objectContaining({ category: "deal", title: expect.stringContaining(`Led the $2M seed of Solaris ${tag}`) }),
        ]);
        expect(saved.some((investor) => investor.name === other)).toBe(false);
        await page.reload();
        await expect(page.getByRole("heading", { name: other })).toHaveCount(0);
        expect(errors).toEqual([]);
      });
    });
  }
}
