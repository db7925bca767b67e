import { type Page, expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * The round (decision 031), with JavaScript on and off, on a desktop and a phone: set the round on
 * the startup's page; give an investor an amount, a next step and, once passed, a reason; read
 * each back through /export.json.
 */

type Exported = {
  investors: Array<{
    name: string;
    amount: number | null;
    amount_currency: string | null;
    next_step: string | null;
    next_step_date: string | null;
    meeting_date: string | null;
    relationship_status: string;
    pass_reason: string | null;
    pass_note: string | null;
  }>;
  startups: Array<{
    name: string;
    roundSize: number | null;
    roundCurrency: string | null;
    closeBy: string | null;
    instrument: string | null;
    raisingNow: boolean;
  }>;
  round: { name: string | null; target: number | null };
};

async function exported(page: Page): Promise<Exported> {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  return (await response.json()) as Exported;
}

/** Submits the form whose button this is and waits for its POST's answer. */
async function submit(page: Page, button: string, path: RegExp): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && path.test(new URL(response.url()).pathname)),
    page.getByRole("button", { name: button, exact: true }).click(),
  ]);
}

for (const width of [1440, 390]) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: width === 390 ? 844 : 900 } });
      const suffix = `${javaScriptEnabled ? "On" : "Off"} ${width}`;

      test("the round is set, an investor's money, next step and pass reason saved, each read back through /export.json", async ({
        page,
      }) => {
        test.setTimeout(120_000);
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        const ready = async () => {
          if (javaScriptEnabled) await page.waitForLoadState("networkidle");
        };

        // The round, on the startup's page.
        const startupName = `Roundly ${suffix}`;
        const created = await page.request.post("/api/startups", {
          data: { name: startupName, pitch: "Payments for clinics", sector: "fintech", stage: "seed" },
        });
        expect(created.status()).toBe(201);
        const startupId = ((await created.json()) as { startup: { id: number } }).startup.id;
        await page.goto(`/startups/${startupId}`);
        await ready();
        const round = page.getByRole("region", { name: "The round" });
        await round.getByLabel("Target").fill("1.5m");
        await round.getByLabel("Currency").selectOption("USD");
        await round.getByLabel("Close by").fill("2027-01-15");
        await round.getByLabel("Instrument").selectOption("safe");
        await round.getByLabel("Role wanted").selectOption("lead");
        const raising = round.getByLabel("This is the round I am raising now");
        if (await raising.count()) await raising.check();
        await submit(page, "Save the round", /\/startups\/\d+\/round(\.data)?$/);
        await expect(page.getByRole("status")).toHaveText(/^Round saved/);
        const afterRound = await exported(page);
        expect(afterRound.startups.find((startup) => startup.name === startupName)).toMatchObject({
          roundSize: 1_500_000,
          roundCurrency: "USD",
          closeBy: "2027-01-15",
          instrument: "safe",
          raisingNow: true,
        });
        expect(afterRound.round).toMatchObject({ name: startupName, target: 1_500_000 });

        // An amount and a next step on an investor.
        const name = `Rae Round ${suffix}`;
        const url = await addInvestor(page, { name, status: "in_conversation" });
        await page.goto(url);
        await ready();
        await page.getByLabel("Amount", { exact: true }).fill("250k");
        await page.getByLabel("Currency", { exact: true }).selectOption("EUR");
        await page.getByLabel("Next step", { exact: true }).fill("Send the data room");
        await page.getByLabel("Next step date").fill("2026-12-01");
        await page.getByLabel("Meeting date").fill("2026-11-20");
        await submit(page, "Save", /\/investors\/\d+(\.data)?$/);
        await expect(page.getByText("Saved.")).toBeVisible();
        expect((await exported(page)).investors.find((investor) => investor.name === name)).toMatchObject({
          amount: 250_000,
          amount_currency: "EUR",
          next_step: "Send the data room",
          next_step_date: "2026-12-01",
          meeting_date: "2026-11-20",
        });

        // Passing asks why: refused without a reason, saved with one.
        await page.getByLabel("Relationship status").selectOption("passed");
        const reason = page.getByLabel("Reason", { exact: true });
        await expect(reason).toBeVisible();
        if (javaScriptEnabled) await expect(reason).toHaveAttribute("required", "");
        else {
          await submit(page, "Save", /\/investors\/\d+(\.data)?$/);
          await expect(page.getByText("Say why they passed")).toBeVisible();
          // The page comes back at its top: the first screen says nothing was saved, and where to look.
          await expect(page.locator(".investor-standing").getByRole("alert")).toContainText("Not saved");
          expect((await exported(page)).investors.find((investor) => investor.name === name)?.relationship_status).toBe("in_conversation");
          await page.getByLabel("Relationship status").selectOption("passed");
        }
        await page.getByLabel("Reason", { exact: true }).selectOption("too_early");
        await page.getByLabel("Pass note").fill("Come back at Series A");
        await submit(page, "Save", /\/investors\/\d+(\.data)?$/);
        await expect(page.getByText("Saved.")).toBeVisible();
        expect((await exported(page)).investors.find((investor) => investor.name === name)).toMatchObject({
          relationship_status: "passed",
          pass_reason: "too_early",
          pass_note: "Come back at Series A",
        });

        // The page stays inside a phone's screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      });
    });
  }
}
