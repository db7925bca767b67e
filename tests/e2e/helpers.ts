import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, type Page, expect } from "@playwright/test";
import { E2E_PASSCODE, FOUNDER_STATE } from "./playwright.config.ts";

/** Signs in through the real /login form (founder.setup.ts does, once a run, and the sign-in specs). */
export async function signInThroughForm(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Passcode").fill(E2E_PASSCODE);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
}

type StorageState = { cookies: Parameters<BrowserContext["addCookies"]>[0] };

/**
 * Opens the dashboard in the founder's session, signed in once a run by founder.setup.ts and saved
 * as storageState: its cookies are added to this page's browser context (which may be one a test
 * made itself, without JavaScript), so no test but the sign-in ones goes through the form.
 */
export async function openSignedIn(page: Page): Promise<void> {
  const state = JSON.parse(readFileSync(FOUNDER_STATE, "utf8")) as StorageState;
  await page.context().addCookies(state.cookies);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
}

/** Adds an investor through the real form and returns its page URL. */
export async function addInvestor(page: Page, fields: { name: string; firm?: string; status?: string }): Promise<string> {
  await page.goto("/investors/new");
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  if (fields.firm) await page.getByLabel("Firm").fill(fields.firm);
  if (fields.status) await page.getByLabel("Relationship status").selectOption(fields.status);
  await page.getByRole("button", { name: "Add investor" }).click();
  await expect(page.getByRole("heading", { name: fields.name })).toBeVisible();
  return page.url();
}

/** Browser console errors other than the 4xx/5xx responses a test provokes on purpose. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** After an import the page says what it did; its "Today" link goes on to the dashboard. */
export async function continueToToday(page: Page): Promise<void> {
  const summary = page.getByRole("region", { name: "Imported" });
  await expect(summary).toBeVisible();
  await summary.getByRole("link", { name: "Today" }).click();
  await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
}

/**
 * Waits until React has committed the page (app/root.tsx marks <html data-hydrated>). Hydration
 * works in slices, and a page it cannot hydrate is rendered afresh: a change made before the
 * commit — a field filled, an element added — can be wiped.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated === "true")).toBe(true);
}

/**
 * The page reads on any screen and to a screen reader: nothing scrolls sideways (a table may scroll
 * inside its own box) and axe finds nothing serious or critical (in `scope` only, when given). Both
 * read the page with a script, so a spec without JavaScript checks the same page where it runs one.
 */
export async function expectReadable(page: Page, scope?: string): Promise<void> {
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  const builder = new AxeBuilder({ page });
  const axe = await (scope ? builder.include(scope) : builder).analyze();
  expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
}

/** An investor's id by its exact name, asked of route #7 (which answers at most 50, so by name). */
export async function investorIdByName(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/api/search-feed?q=${encodeURIComponent(name)}`);
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as { items: Array<{ id: number; name: string }> }).items.find((row) => row.name === name);
  expect(found, `${name} in the list`).toBeDefined();
  return found!.id;
}
