import { type Page, expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * The ask and one score per page (decision 029): the startup form saves the role wanted and the
 * startup page reads it back and changes it, with JavaScript on and off; with one startup every
 * page shows one score per investor, and with two each number names its startup, at 1440 and 390 px.
 */

/** Removes every startup (other specs share the server), so "one startup" means one. */
async function removeEveryStartup(page: Page): Promise<void> {
  await page.goto("/startups");
  const links = await page
    .locator('a[href^="/startups/"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? "").filter((href) => /^\/startups\/\d+$/.test(href)));
  for (const href of new Set(links)) {
    const response = await page.request.delete(`/api${href}`);
    expect([200, 404]).toContain(response.status());
  }
}

async function addStartupByApi(page: Page, name: string): Promise<number> {
  const response = await page.request.post("/api/startups", {
    data: {
      name,
      pitch: "Bookkeeping for European freelancers.",
      sector: "fintech",
      stage: "seed",
      geography: "Europe",
      round_size: 1_500_000,
      role_wanted: "lead",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).startup.id;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    const suffix = javaScriptEnabled ? "On" : "Off";

    test.describe.configure({ mode: "serial" });

    test("the startup form saves the role wanted, and the startup page reads it back and changes it", async ({ page }) => {
      test.setTimeout(90_000);
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      await page.goto("/startups/new");
      await page.getByLabel("Name").fill(`Askly ${suffix}`);
      await page.getByLabel("Sector").fill("fintech");
      await page.getByLabel("Stage").selectOption("seed");
      await page.getByLabel("Geography").fill("Europe");
      await page.getByLabel("Round size").fill("1.5m");
      await page.getByLabel("Role wanted").selectOption("lead");
      await page.getByLabel("Pitch").fill("Bookkeeping for European freelancers.");
      await page.getByRole("button", { name: "Add startup" }).click();
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Askly ${suffix}`) })).toBeVisible();
      const id = Number(new URL(page.url()).pathname.split("/").at(-1));
      // The role is asked once on the startup page, in the round's form.
      const round = page.getByRole("region", { name: "The round" });
      await expect(page.getByLabel("Role wanted")).toHaveCount(1);
      await expect(round.getByLabel("Role wanted")).toHaveValue("lead");

      await round.getByLabel("Role wanted").selectOption("co_lead");
      await round.getByRole("button", { name: "Save the round" }).click();
      await expect(page.getByRole("status")).toContainText("the cheque range follows the ask");
      await expect(round.getByLabel("Role wanted")).toHaveValue("co_lead");
      // The default rubric's cheque range followed: a co-lead writes 10–35 % of $1.5M.
      await expect(page.getByLabel("Smallest check")).toHaveValue(/150000|150k/);

      const saved = await page.request.delete(`/api/startups/${id}`);
      expect(saved.status()).toBe(200);
      expect(errors).toEqual([]);
    });

    for (const width of [1440, 390]) {
      test(`one score per page at ${width} px`, async ({ page }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width, height: 900 });
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        await removeEveryStartup(page);
        const first = await addStartupByApi(page, `Solo ${suffix} ${width}`);
        const investorUrl = await addInvestor(page, { name: `Score Sam ${suffix} ${width}` });

        // One startup: the investor page and the startup's ranking each show one number, no "overall · for".
        await page.goto(investorUrl);
        await expect(page.locator("#why-heading")).toHaveText(/^Score\b/);
        await expect(page.getByText(/\d+ overall/)).toHaveCount(0);
        await expect(page.getByText(new RegExp(`\\d+ for Solo ${suffix}`))).toHaveCount(0);
        await page.goto(`/startups/${first}`);
        await expect(page.getByRole("table", { name: "Ranking" })).toBeVisible();
        await expect(page.getByText(/\d+ overall/)).toHaveCount(0);
        await expect(page.getByText(/email first at \d+ or more/)).toBeVisible();

        // Two startups: every number says what it is for.
        const second = await addStartupByApi(page, `Duo ${suffix} ${width}`);
        await page.goto(investorUrl);
        await expect(page.locator("#why-heading")).toHaveText(/^Overall score\b/);
        await expect(page.getByText(/\d+ overall/).first()).toBeVisible();
        await expect(page.getByText(new RegExp(`\\d+ for Solo ${suffix} ${width}`))).toBeVisible();
        await expect(page.getByText(new RegExp(`\\d+ for Duo ${suffix} ${width}`))).toBeVisible();

        for (const id of [first, second]) expect((await page.request.delete(`/api/startups/${id}`)).status()).toBe(200);
        expect(errors).toEqual([]);
      });
    }
  });
}
