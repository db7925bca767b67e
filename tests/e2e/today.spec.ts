import { type Page, expect, test } from "@playwright/test";
import { E2E_PASSCODE } from "./playwright.config.ts";
import { collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * Today (docs/product.md#pages): right after an import, the declared profiles already rank investors to
 * email first; "Emailed" records the contact through the investor edit, with and without
 * JavaScript, and the saved data is read back through /export.json.
 */

function isoDate(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

type Exported = {
  investors: Array<{
    name: string;
    relationship_status: string;
    last_contact_date: string | null;
    action: string;
    contact_history: Array<{ date: string | null; channel: string | null; note: string }>;
  }>;
};

async function exported(page: Page, name: string) {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Exported;
  const investor = body.investors.find((row) => row.name === name);
  expect(investor, `${name} in the export`).toBeDefined();
  return investor!;
}

/** A startup (default rubric: the offline model drafts none) and three investors, by the API and the import. */
async function seedPipeline(page: Page, tag: string) {
  const startup = await page.request.post("/api/startups", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    data: {
      name: `Ledgerly ${tag}`,
      pitch: "Books for small shops.",
      sector: "fintech",
      stage: "seed",
      geography: "Europe",
      round_size: 2_000_000,
    },
  });
  expect(startup.status()).toBe(201);
  const csv = [
    "name,firm,email,sectors,stages,geographies,check_min,check_max,relationship_status,last_contact_date",
    `Ada ${tag},Ledger Capital,ada-${tag}@ledger.example.com,fintech,seed,Europe,100000,500000,not_contacted,`,
    `Grace ${tag},Quiet Partners,grace-${tag}@quiet.example.com,fintech,seed,Europe,100000,500000,in_conversation,${isoDate(30)}`,
    `Bob ${tag},Far Bio,bob-${tag}@farbio.example.com,biotech,series_b_plus,Asia,5000000,20000000,not_contacted,`,
  ].join("\n");
  const imported = await page.request.post("/investors/import", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    multipart: { intent: "commit", file: { name: "today.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
    maxRedirects: 0,
  });
  expect(imported.status()).toBe(303);
}

function list(page: Page, title: RegExp) {
  return page.getByRole("region", { name: title });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Today with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("ranks a fresh import, and Emailed records the contact and shrinks the lists", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const tag = javaScriptEnabled ? "Js" : "Nojs";
      await openSignedIn(page);
      await seedPipeline(page, tag);
      // Other tests share this server, so each list is opened whole ("Show all") to find our rows.
      const emailFirst = list(page, /^Email first/);
      const followUps = list(page, /^Follow-ups due/);
      const dontChase = list(page, /^Don't chase/);
      await page.goto("/?all=dont_chase");
      await expect(dontChase.getByRole("listitem").filter({ hasText: `Bob ${tag}` })).toContainText("Not a fit: Invests in biotech");
      await expect(dontChase).not.toContainText(`Ada ${tag}`);

      await page.goto("/?all=follow_up");
      const grace = followUps.getByRole("listitem").filter({ hasText: `Grace ${tag}` });
      await expect(grace).toContainText("23 days overdue");

      // Known from day one: the declared profile fits the startup.
      await page.goto("/?all=email_first");
      // Her own row (a neighbour's tie note may name her: "Same score as Ada Js; …").
      const ada = emailFirst.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Ada ${tag}`, exact: true }) });
      // The fit names the startup she fits best; other specs' fintech startups share this server.
      await expect(ada).toContainText(/Not contacted yet\. Fits .+ on fintech/);
      await ada.getByRole("button", { name: `Emailed Ada ${tag}` }).click();
      await expect(page.getByRole("status").filter({ hasText: `you emailed Ada ${tag} today` })).toBeVisible();
      await page.goto("/?all=email_first");
      await expect(emailFirst).not.toContainText(`Ada ${tag}`);
      const savedAda = await exported(page, `Ada ${tag}`);
      expect(savedAda.relationship_status).toBe("contacted");
      expect(savedAda.last_contact_date).toBe(isoDate(0));
      expect(savedAda.action).toBe("wait");
      expect(savedAda.contact_history).toEqual([expect.objectContaining({ date: isoDate(0), channel: "email", note: "Emailed" })]);

      await page.goto("/?all=follow_up");
      await grace.getByRole("button", { name: `Emailed Grace ${tag}` }).click();
      await expect(page.getByRole("status").filter({ hasText: `you emailed Grace ${tag} today` })).toBeVisible();
      await page.goto("/?all=follow_up");
      await expect(followUps).not.toContainText(`Grace ${tag}`);
      const savedGrace = await exported(page, `Grace ${tag}`);
      // A conversation stays a conversation; only the date moves forward.
      expect(savedGrace.relationship_status).toBe("in_conversation");
      expect(savedGrace.last_contact_date).toBe(isoDate(0));
      expect(savedGrace.contact_history.at(-1)).toMatchObject({ channel: "email", note: "Emailed" });

      // Two scores, each named: overall on the investor page beside the per-startup one. The table
      // is searched for Bob: the specs before this one may have filled its first page.
      await page.goto(`/?q=${encodeURIComponent(`Bob ${tag}`)}`);
      await page
        .getByRole("region", { name: "Investors" })
        .getByRole("link", { name: `Bob ${tag}` })
        .click();
      // One score per page (decision 029): with several startups each number names its startup; with one, the score stands alone.
      await expect(page.locator("#why-heading")).toBeVisible();
      if ((await page.locator("#why-heading").innerText()).startsWith("Overall score")) {
        await expect(page.locator(".score-line")).toContainText(new RegExp(`^\\d+ overall · .*\\d+ for Ledgerly ${tag} \\(`));
      } else {
        await expect(page.locator(".score-line")).toHaveCount(0);
      }
      // The dashboard ranks by one startup when asked, and says so.
      await page.goto("/");
      await page.getByLabel("Rank for").selectOption({ label: `Ledgerly ${tag} (its rubric)` });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page.getByRole("columnheader", { name: new RegExp(`Score for Ledgerly ${tag}`) })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}

test("the Action sort follows what to do first, not the alphabet", async ({ page }) => {
  await openSignedIn(page);
  await page.goto("/?sort=action&dir=asc");
  const actions = await page.locator(".investor-table tbody tr .badge").allTextContents();
  const order = ["Email first", "Follow up", "Wait", "Research", "Don't chase", "Soft committed", "Committed"];
  const ranks = actions.map((label) => order.indexOf(label.trim())).filter((rank) => rank >= 0);
  expect(ranks.length).toBeGreaterThan(1);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
});
