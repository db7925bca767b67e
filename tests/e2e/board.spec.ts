import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * The board (/board, decision 032): a card moved by drag, by the keyboard and, without
 * JavaScript, by its select and button, at 1440 and 390 px; each move read back through
 * /export.json; no serious axe finding; no page-wide sideways scroll on a phone.
 */

const WIDTHS = [
  { name: "1440", viewport: { width: 1440, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
];

async function exportedStatus(page: Page, name: string): Promise<string | undefined> {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  const investors: Array<{ name: string; relationship_status: string }> = (await response.json()).investors;
  return investors.find((investor) => investor.name === name)?.relationship_status;
}

function column(page: Page, title: string) {
  return page.getByRole("region", { name: new RegExp(`^${title}`) });
}

function card(page: Page, name: string) {
  return page.getByRole("article", { name });
}

/** The board showing one column in full, so a card made for the test is on it whatever else the run added. */
async function openBoard(page: Page, show: string): Promise<void> {
  await page.goto(`/board?show=${show}`);
  await expect(page.getByRole("heading", { name: "Board", level: 1 })).toBeVisible();
}

async function expectNoPageScroll(page: Page, width: number): Promise<void> {
  const pageWidth = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(pageWidth).toBeLessThanOrEqual(width);
}

for (const { name: widthName, viewport } of WIDTHS) {
  test.describe(`The board at ${widthName} px with JavaScript`, () => {
    test.use({ viewport });

    test("moves a card by dragging it with the pointer", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const name = `Dragged Dana ${widthName}`;
      await addInvestor(page, { name, firm: "Drag Capital", status: "intro_requested" });
      await openBoard(page, "intro_requested");
      await page.waitForLoadState("networkidle");
      await expect(card(page, name)).toHaveAttribute("draggable", "true");
      // The next column is only partly inside the board at 390 px: start with the card's column at the
      // board's left edge, and drop near the next column's top-left corner. Drag from the card's own
      // edge, not its link or its select (which would drag a URL, or nothing).
      await page
        .locator("#board-column-intro_requested")
        .evaluate((element) => element.scrollIntoView({ inline: "start", block: "nearest" }));
      await card(page, name).dragTo(column(page, "Contacted"), { sourcePosition: { x: 6, y: 4 }, targetPosition: { x: 20, y: 12 } });
      await expect(column(page, "Intro requested").getByRole("article", { name })).toHaveCount(0);
      await expect.poll(() => exportedStatus(page, name)).toBe("contacted");
      await expectNoPageScroll(page, viewport.width);
      expect(errors).toEqual([]);
    });

    test("moves a card with the keyboard, and to Passed with a reason", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const name = `Keyed Kim ${widthName}`;
      await addInvestor(page, { name, firm: "Key Ventures", status: "intro_requested" });
      await openBoard(page, "intro_requested");
      await page.waitForLoadState("networkidle");
      await card(page, name).focus();
      await page.keyboard.press("Space");
      await expect(card(page, name)).toHaveClass(/board-card-lifted/);
      // intro_requested → contacted → in_conversation → meeting_scheduled
      for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowRight");
      await expect(column(page, "Meeting scheduled")).toHaveClass(/board-column-target/);
      await page.keyboard.press("Enter");
      await expect(column(page, "Meeting scheduled").getByRole("article", { name })).toBeVisible();
      await expect.poll(() => exportedStatus(page, name)).toBe("meeting_scheduled");
      // The focus stays on the moved card, so the next move starts where the last ended.
      await expect(card(page, name)).toBeFocused();

      // meeting_scheduled → due_diligence → soft_committed → committed → passed: asks why first.
      await page.keyboard.press("Space");
      for (let step = 0; step < 4; step += 1) await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: `Why did ${name} pass?` });
      await expect(dialog).toBeVisible();
      const findings = await new AxeBuilder({ page }).analyze();
      expect(findings.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
      await dialog.getByLabel("Reason").selectOption("cheque_size");
      await dialog.getByRole("button", { name: "Move to Passed" }).click();
      await expect.poll(() => exportedStatus(page, name)).toBe("passed");
      await expect(
        page.getByRole("region", { name: "Why they passed" }).getByRole("listitem").filter({ hasText: "Cheque size" }),
      ).toContainText(/[1-9]/);
      await expectNoPageScroll(page, viewport.width);
      expect(errors).toEqual([]);
    });

    test("has no serious axe finding", async ({ page }) => {
      await openSignedIn(page);
      await page.goto("/board");
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
      expect(serious).toEqual([]);
      await expectNoPageScroll(page, viewport.width);
      // Every column's money is on the first screen, though the columns scroll sideways: the summary names each.
      const summary = page.getByRole("navigation", { name: "Columns" });
      await expect(summary.getByRole("link")).toHaveCount(11);
      const committed = summary.getByRole("link", { name: /^Committed \d+ · / });
      await expect(committed).toBeInViewport();
      await committed.click();
      await expect(page).toHaveURL(/#board-column-committed$/);
    });
  });

  test.describe(`The board at ${widthName} px without JavaScript`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test("moves a card with its select and button, and asks why on a move to Passed", async ({ page }) => {
      await openSignedIn(page);
      const name = `Selected Sam ${widthName}`;
      await addInvestor(page, { name, firm: "Form Partners", status: "intro_requested" });
      await openBoard(page, "intro_requested");
      // One card's form at a time: its "Move" link opens it (a plain link).
      await card(page, name)
        .getByRole("link", { name: `Move ${name}` })
        .click();
      await card(page, name).getByLabel(`Move ${name} to`).selectOption("soft_committed");
      await card(page, name)
        .getByRole("button", { name: `Move ${name}` })
        .click();
      await expect(column(page, "Soft committed").getByRole("article", { name })).toBeVisible();
      // The page after the move opens at the moved card, in its new column: not at the top, with the
      // card a sideways scroll away and nothing to say the move happened.
      await expect(card(page, name)).toBeInViewport();
      expect(await exportedStatus(page, name)).toBe("soft_committed");

      await openBoard(page, "soft_committed");
      await card(page, name)
        .getByRole("link", { name: `Move ${name}` })
        .click();
      await card(page, name).getByLabel(`Move ${name} to`).selectOption("passed");
      await card(page, name)
        .getByRole("button", { name: `Move ${name}` })
        .click();
      await expect(card(page, name).getByRole("alert")).toHaveText("Choose why they passed");
      expect(await exportedStatus(page, name)).toBe("soft_committed");

      await card(page, name).getByLabel(`Move ${name} to`).selectOption("passed");
      await card(page, name).getByLabel(`Why ${name} passed`).selectOption("timing");
      await card(page, name)
        .getByRole("button", { name: `Move ${name}` })
        .click();
      await expect(page.getByRole("heading", { name: "Board", level: 1 })).toBeVisible();
      expect(await exportedStatus(page, name)).toBe("passed");
      await expectNoPageScroll(page, viewport.width);
    });
  });
}

test.describe("The demo's board without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is linked from /demo and moves a demo card, open to anyone", async ({ page }) => {
    await page.goto("/demo");
    await page.getByRole("link", { name: "See them as a board" }).click();
    await expect(page.getByRole("heading", { name: "Board", level: 1 })).toBeVisible();
    // A card of any column but Committed, so the move changes something.
    const first = page.locator(".board-column:not(#board-column-committed)").getByRole("article").first();
    const name = await first.getAttribute("aria-label");
    expect(name).toBeTruthy();
    await first.getByRole("link", { name: `Move ${name}` }).click();
    await card(page, name!).getByLabel(`Move ${name} to`).selectOption("committed");
    await card(page, name!)
      .getByRole("button", { name: `Move ${name}` })
      .click();
    await expect(page).toHaveURL(/\/demo\/board\?moved=\d+#board-card-\d+$/);
    await expect(column(page, "Committed").getByRole("article", { name: name! })).toBeVisible();
  });
});
