import { mkdirSync } from "node:fs";
import { type Browser, type Locator, type Page, expect, test } from "@playwright/test";
import { openSignedIn } from "./helpers.ts";
import { TOUR_INVESTORS, importTourInvestors, today, tourSignedIn, tourSignedOut } from "./page-tour.ts";

// An iPhone 13/14-sized screen with mobile emulation: the meta viewport is honoured, so a page
// wider than the phone would make the browser zoom out rather than hide the overflow. That is why
// every width below is compared with the fixed 390, never with whatever innerWidth reports.
const PHONE = { width: 390, height: 844 };
const SCREENS = "test-results/screens";

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** No sideways scroll, and no visible element sticking out of the screen (clipped or scrollable). */
async function expectFitsPhone(page: Page, name: string): Promise<void> {
  const measures = await page.evaluate(() => {
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || element.closest(".sr-only")) continue;
      if (rect.left < -0.5 || rect.right > 390.5) {
        const label = `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}`;
        offenders.push(
          `${label} [${Math.round(rect.left)}..${Math.round(rect.right)}] "${(element.textContent ?? "").trim().slice(0, 30)}"`,
        );
      }
      // Text cut by its own box ("Researc") counts as sticking out too.
      const control = ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName);
      if (
        !control &&
        (style.overflowX === "hidden" || style.overflowX === "clip") &&
        element.scrollWidth > element.clientWidth + 1 &&
        element.clientWidth > 0
      ) {
        offenders.push(`${element.tagName.toLowerCase()} clips its text "${(element.textContent ?? "").trim().slice(0, 30)}"`);
      }
    }
    return {
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      bodyScrollWidth: document.body.scrollWidth,
      offenders: offenders.slice(0, 15),
    };
  });
  expect(measures.innerWidth, `${name}: the browser zoomed out to fit the page`).toBe(PHONE.width);
  expect(measures.scrollWidth, `${name}: page width`).toBeLessThanOrEqual(PHONE.width);
  expect(measures.bodyScrollWidth, `${name}: body width`).toBeLessThanOrEqual(PHONE.width);
  expect(measures.offenders, `${name}: elements outside the screen`).toEqual([]);
}

async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE.width);
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(PHONE.height);
}

async function expectControlsReachable(page: Page, signedIn: boolean, onDemo: boolean): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const nav = page.getByRole("navigation", { name: "Main" });
  // Signed out, the sign-in page offers the demo alone: the other links only led back to it (a founder's walkthrough).
  const links = signedIn || onDemo ? ["Dashboard", "Startups", "Runs", "Settings", "Demo"] : ["Demo"];
  for (const name of links) await expectOnScreen(nav.getByRole("link", { name, exact: true }), `${name} link`);
  if (!signedIn && !onDemo) await expect(nav.getByRole("link")).toHaveCount(1);
  if (signedIn) await expectOnScreen(page.getByRole("button", { name: "Sign out" }), "Sign out");
  if (signedIn || onDemo) {
    await expectOnScreen(page.getByRole("link", { name: /Find investor/ }), "Find investor");
    const chat = page.getByRole("link", { name: "Ask your pipeline" });
    await expect(chat).toBeInViewport();
    await expectOnScreen(chat, "the chat button");
  }
}

/** The same page at 390 and at 1440 px, full length, to look at. */
async function screenshots(page: Page, browser: Browser, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}-390.png`, fullPage: true });
  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: await page.context().storageState() });
  const wide = await desktop.newPage();
  // The import preview is the answer to a POST: it is shown again by posting the same file.
  if (name === "import-preview") {
    await wide.goto("/investors/import");
    await wide
      .getByLabel("CSV file")
      .setInputFiles({ name: "tour.csv", mimeType: "text/csv", buffer: Buffer.from("name,firm\nWide Screen,Desk Capital\n") });
    await wide.getByRole("button", { name: "Preview" }).click();
    await expect(wide.getByRole("region", { name: "Preview" })).toBeVisible();
  } else {
    await wide.goto(page.url());
  }
  await wide.waitForLoadState("networkidle");
  await wide.screenshot({ path: `${SCREENS}/${name}-1440.png`, fullPage: true });
  await desktop.close();
}

test("every signed-in page fits a phone, with every control reachable", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await tourSignedIn(page, async (name) => {
    await screenshots(page, browser, name);
    await expectFitsPhone(page, name);
    await expectControlsReachable(page, true, false);
  });
});

test("the sign-in page, the demo and a demo investor fit a phone", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await tourSignedOut(page, async (name) => {
    await screenshots(page, browser, name);
    await expectFitsPhone(page, name);
    await expectControlsReachable(page, false, name.startsWith("demo"));
  });
});

test("on a phone the investor table turns into readable cards", async ({ page }) => {
  await openSignedIn(page);
  await importTourInvestors(page);
  const { name, firm } = TOUR_INVESTORS.long;
  await page.goto("/?q=Longbottom");
  const row = page.locator(".investor-table tbody tr").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expectOnScreen(row, "the card");
  await expectOnScreen(row.getByRole("link", { name }), "name");
  await expectOnScreen(row.getByText(firm), "firm");
  await expectOnScreen(row.locator(".score-number"), "score");
  const badge = row.locator(".badge");
  await expect(badge).toHaveText("Don't chase");
  await expectOnScreen(badge, "action badge");
  expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectOnScreen(row.getByText("Passed", { exact: true }), "status");
  await expectOnScreen(row.getByText(today()), "last contact");
  // Each value says what it is: a card has no column headers to look up.
  await expect(row).toContainText(/Status\s*Passed/);
  await expect(row).toContainText(new RegExp(`Last contact\\s*${today()}`));
  await expectFitsPhone(page, "filtered dashboard");
  await row.screenshot({ path: `${SCREENS}/investor-card-390.png` });
});

test("on a phone the palette, the chat and Refresh now open inside the screen, and Esc closes each", async ({ page }) => {
  await openSignedIn(page);
  await importTourInvestors(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");

  const find = page.getByRole("link", { name: /Find investor/ });
  await find.tap();
  const palette = page.getByRole("dialog", { name: "Find an investor" });
  await expectOnScreen(palette, "the palette");
  // Typed without its accents, as on a phone keyboard.
  await page.getByPlaceholder("Find an investor by name or firm…").fill("lukasz zebrowski");
  const option = page.getByRole("option").first();
  await expect(option).toContainText(TOUR_INVESTORS.accented.name);
  await expectOnScreen(option, "a palette result");
  await expectFitsPhone(page, "the palette");
  await page.screenshot({ path: `${SCREENS}/overlay-palette-390.png` });
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  await expect(find).toBeFocused();

  const ask = page.getByRole("link", { name: "Ask your pipeline" });
  await ask.tap();
  const drawer = page.getByRole("complementary", { name: "Ask your pipeline" });
  await expectOnScreen(drawer, "the chat");
  await expectOnScreen(drawer.getByRole("button", { name: "Ask" }), "the chat's Ask button");
  await drawer.getByLabel("Your question").fill("Who should I email first?");
  await drawer.getByRole("button", { name: "Ask" }).click();
  await expectOnScreen(drawer.locator(".chat-assistant").last(), "the answer");
  await expectFitsPhone(page, "the chat");
  await page.screenshot({ path: `${SCREENS}/overlay-chat-390.png` });
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(ask).toBeFocused();

  const refresh = page.locator("summary", { hasText: "Refresh now" });
  await refresh.tap();
  await expectOnScreen(page.locator(".refresh-form"), "the Refresh now panel");
  await expectOnScreen(page.getByRole("button", { name: "Start refresh" }), "Start refresh");
  await expectFitsPhone(page, "Refresh now");
  await page.screenshot({ path: `${SCREENS}/overlay-refresh-now-390.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByLabel("Passcode")).toBeHidden();
  await expect(refresh).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header, the cards and Refresh now still fit a phone", async ({ page }) => {
    await openSignedIn(page);
    await expectFitsPhone(page, "dashboard without JavaScript");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Dashboard", "Startups", "Runs", "Settings", "Demo"]) {
      await expectOnScreen(nav.getByRole("link", { name, exact: true }), `${name} link`);
    }
    await expectOnScreen(page.getByRole("button", { name: "Sign out" }), "Sign out");
    await page.locator("summary", { hasText: "Refresh now" }).tap();
    await expectOnScreen(page.getByRole("button", { name: "Start refresh" }), "Start refresh");
    await expectFitsPhone(page, "Refresh now without JavaScript");
  });
});
