import { type Page, expect } from "@playwright/test";
import { continueToToday, openSignedIn } from "./helpers.ts";

/**
 * Every page of docs/product.md#pages, visited in order with real content behind it. The phone spec and the
 * accessibility spec walk the same tour and do their own checks at each stop.
 */
export type Stop = (name: string) => Promise<void>;

/** Today's date, as the server's clock has it (UTC). */
export const today = () => new Date().toISOString().slice(0, 10);

// Every spec shares one server and one database, and other specs look for their rows in lists of
// 50 (the dashboard's page, a startup's ranking). So the tour adds two investors, always the same
// two (a second import finds them unchanged), who rank last everywhere: they passed, and share
// nothing with any startup. Their names stay clear of what investors.spec.ts searches ("ma", "qua").
export const TOUR_INVESTORS = {
  long: { name: "Philippa Fawcett-Longbottom", firm: "Cambridge Tripos Seed Ventures and Co-Investors" },
  accented: { name: "Łukasz Żebrowski", firm: "Odra Valley Seed Fund of Wrocław and Gdańsk" },
};
const tourCsv = () =>
  [
    "name,firm,email,kind,stages,sectors,geographies,relationship_status,last_contact_date",
    `${TOUR_INVESTORS.long.name},${TOUR_INVESTORS.long.firm},philippa@tripos.example.com,fund,series_b_plus,biotech,Antarctica,passed,${today()}`,
    `${TOUR_INVESTORS.accented.name},${TOUR_INVESTORS.accented.firm},lukasz@odra.example.com,fund,series_b_plus,biotech,Antarctica,passed,${today()}`,
    ",Nowhere,not-an-email,fund,,,,,",
  ].join("\n");

/** Imports the tour's two investors (once; later imports find them unchanged) and shows the preview. */
export async function previewTourInvestors(page: Page): Promise<void> {
  await page.goto("/investors/import");
  await page.getByLabel("CSV file").setInputFiles({ name: "tour.csv", mimeType: "text/csv", buffer: Buffer.from(tourCsv()) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
}

export async function importTourInvestors(page: Page): Promise<void> {
  await previewTourInvestors(page);
  const commit = page.getByRole("region", { name: "Preview" }).getByRole("button", { name: /^(Import|Update) / });
  if (await commit.count()) {
    await commit.click();
    await continueToToday(page);
    await expect(page).toHaveURL(/\/$/);
  }
}

/** Signed in: dashboard, import and its preview, add investor, an investor, startups, runs, settings, 404. */
export async function tourSignedIn(page: Page, stop: Stop): Promise<void> {
  await openSignedIn(page);

  await page.goto("/investors/import");
  await expect(page.getByRole("heading", { name: "Import investors from CSV" })).toBeVisible();
  await stop("import");
  await previewTourInvestors(page);
  await stop("import-preview");
  await importTourInvestors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
  await stop("dashboard");

  await page.goto("/investors/new");
  await expect(page.getByRole("heading", { name: "Add an investor" })).toBeVisible();
  await stop("investor-new");

  // Found by the table's search: the tour's investors rank last, maybe past the first page.
  await page.goto("/?q=Longbottom");
  await page.getByRole("region", { name: "Investors" }).getByRole("link", { name: TOUR_INVESTORS.long.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: TOUR_INVESTORS.long.name })).toBeVisible();
  await stop("investor");

  await page.goto("/startups/new");
  await expect(page.getByRole("heading", { name: "Add a startup" })).toBeVisible();
  await stop("startup-new");
  await page.getByLabel("Name").fill("Polonium Instruments");
  await page.getByLabel("Sector").fill("devtools");
  await page.getByLabel("Stage").selectOption("seed");
  await page.getByLabel("Geography").fill("Poland");
  await page.getByLabel("Pitch").fill("Measuring tools for radioactive samples, sold to university labs.");
  await page.getByRole("button", { name: "Add startup" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Polonium Instruments/ })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await stop("startup");

  await page.goto("/startups");
  await expect(page.getByRole("heading", { name: "Startups" })).toBeVisible();
  await stop("startups");
  await page.getByRole("link", { name: "Polonium Instruments" }).first().click();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete startup" }).click();
  await expect(page).toHaveURL(/\/startups$/);

  await page.goto("/runs");
  await expect(page.getByRole("heading", { name: "Runs", exact: true })).toBeVisible();
  await stop("runs");

  await page.goto("/discover");
  await expect(page.getByRole("heading", { name: "Discover", level: 1 })).toBeVisible();
  await stop("discover");

  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await stop("settings");

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await stop("not-found");
}

/** Signed out: sign-in, the demo dashboard (after a simulated refresh), a demo investor, one with mail, 404. */
export async function tourSignedOut(page: Page, stop: Stop): Promise<void> {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await stop("login");

  await page.goto("/demo");
  await expect(page.getByRole("heading", { name: /Demo pipeline/ })).toBeVisible();
  await page.getByRole("button", { name: "Simulate a refresh" }).click();
  await expect(page.getByText(/Last refresh: Completed/)).toBeVisible({ timeout: 20_000 });
  // The demo's synthetic mail: both mail capture sections of Today (decision 014).
  await expect(page.getByRole("heading", { name: /^Replies waiting on you/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Emails to log/ })).toBeVisible();
  await stop("demo");

  await page.locator(".investor-table tbody a.investor-name").first().click();
  await expect(page).toHaveURL(/\/demo\/investors\/\d+$/);
  await expect(page.getByRole("heading", { name: "Evidence" })).toBeVisible();
  await stop("demo-investor");

  // An investor whose reply waits: the investor page's Mail list.
  await page.goto("/demo");
  await page
    .getByRole("region", { name: /^Replies waiting on you/ })
    .locator("a.today-name")
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Mail", exact: true })).toBeVisible();
  await stop("demo-investor-mail");

  await page.goto("/demo/no-such-page");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await stop("demo-not-found");
}
