import { expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, continueToToday, openSignedIn } from "./helpers.ts";

test.describe("with JavaScript", () => {
  test("Ctrl+K finds an investor by three letters and Enter opens it", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page);
    const url = await addInvestor(page, { name: "Margarethe Quist", firm: "Quarry Capital" });
    await addInvestor(page, { name: "Marcus Quill", firm: "Other Fund" });
    await page.goto("/");
    // The shortcut is listened for once the page is interactive.
    await page.waitForLoadState("networkidle");

    await page.keyboard.press("Control+k");
    const input = page.getByPlaceholder("Find an investor by name or firm…");
    await expect(input).toBeFocused();
    await input.pressSequentially("qua");
    const options = page.getByRole("option");
    await expect(options.first()).toContainText("Margarethe Quist");
    await expect(options.first()).toContainText("Research");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { name: "Margarethe Quist" })).toBeVisible();

    // Arrow keys move the selection; Escape closes.
    await page.keyboard.press("Control+k");
    await input.fill("ma");
    // Both of this test's investors, and whoever else the shared server holds with "ma" in a name or firm.
    await expect(page.getByRole("option").filter({ hasText: /Margarethe Quist|Marcus Quill/ })).toHaveCount(2);
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { selected: true })).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(input).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("the demo dashboard and palette show demo rows, labelled Demo", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/demo");
    await expect(page.getByRole("heading", { name: /Demo pipeline/ })).toBeVisible();
    await expect(page.locator(".badge-demo").first()).toBeVisible();
    const rows = page.locator(".investor-table tbody tr");
    await expect(rows).toHaveCount(50);
    await page.getByRole("button", { name: "Simulate a refresh" }).click();
    await expect(page.getByText(/Last refresh: Completed/)).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Find an investor by name or firm…").fill("a");
    await expect(page.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/demo\/investors\/\d+$/);
    await expect(page.locator(".badge-demo").first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("screenshots of the dashboard and an investor page", async ({ page }) => {
    await openSignedIn(page);
    // A real pipeline: import a small CSV so the charts and table have content.
    await page.goto("/investors/import");
    const csv = [
      "name,firm,email,kind,stages,sectors,relationship_status,last_contact_date",
      "Henrietta Lacks,Helix Bio Fund,henrietta@helix.example.com,fund,seed;series_a,health,in_conversation,2026-10-30",
      "Łukasz Żółć,Wisła Ventures,lukasz@wisla.example.com,fund,pre_seed,devtools,not_contacted,",
      "Amara Okafor,,amara@angels.example.com,angel,pre_seed,fintech,contacted,2026-11-20",
      // No name: the only thing that refuses a row. Its bad email alone would only cost the cell.
      ",Nowhere,not-an-email,fund,,,,",
    ].join("\n");
    await page.getByLabel("CSV file").setInputFiles({ name: "investors.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview" })).toContainText("3 new");
    await expect(page.getByText("has no name")).toBeVisible();
    await page.getByRole("button", { name: /Import 3 new/ }).click();
    await continueToToday(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("region", { name: "Investors" }).getByRole("link", { name: "Henrietta Lacks" })).toBeVisible();
    // In conversation, last contact weeks ago: Today lists her among the follow-ups due.
    await expect(page.getByRole("region", { name: /Follow-ups due/ }).getByRole("link", { name: "Henrietta Lacks" })).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/dashboard.png", fullPage: true });

    await page.goto("/demo");
    await page.locator(".investor-table tbody tr a").first().click();
    await expect(page.getByRole("heading", { name: "Evidence" })).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/investor.png", fullPage: true });
    await page.goto("/demo");
    await page.screenshot({ path: "test-results/screenshots/demo-dashboard.png", fullPage: true });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the edit form saves, and the dashboard filters work", async ({ page }) => {
    await openSignedIn(page);
    const url = await addInvestor(page, { name: "Noscript Nora", firm: "Plain Forms LP" });
    await page.goto(url);
    await page.getByLabel("Relationship status").selectOption("meeting_scheduled");
    await page.getByLabel("Private notes").fill("Prefers short decks.");
    await page.getByLabel("Note", { exact: true }).fill("Intro call booked");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(page.getByLabel("Relationship status")).toHaveValue("meeting_scheduled");
    await expect(page.getByLabel("Private notes")).toHaveValue("Prefers short decks.");
    await expect(page.getByRole("region", { name: "Contact history" })).toContainText("Intro call booked");

    // A bad date (typed where the browser has no date picker) is refused in words, and nothing is lost.
    await page.getByLabel("Last contact").evaluate((input: HTMLInputElement) => (input.type = "text"));
    await page.getByLabel("Last contact").fill("2026-13-40");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.locator(".field-error").first()).toHaveText("Enter a date like 2026-11-23");
    await expect(page.getByLabel("Private notes")).toHaveValue("Prefers short decks.");

    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search" }).fill("noscript");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.locator(".investor-table tbody tr")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Noscript Nora" })).toBeVisible();
  });
});
