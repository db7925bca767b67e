import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect } from "@playwright/test";
import { collectConsoleErrors, signInThroughForm } from "./helpers.ts";
import { testWithOwnServer } from "./own-server.ts";

/**
 * An import that stopped part-way (docs/product.md, "Adding investors"): Today and the import page
 * say how far it got and what to do, and "Dismiss" forgets it, with JavaScript on and off, read
 * back from the server's file. The line is left in the file as a process killed between two chunks
 * leaves it (tests/server/import-crash.test.ts kills one for real); a server of the test's own.
 */
const test = testWithOwnServer;

function stateRow(path: string): string | undefined {
  const db = new Database(path, { fileMustExist: true, readonly: true });
  try {
    return (db.prepare("select value from app_state where key = 'import_unfinished'").get() as { value: string } | undefined)?.value;
  } finally {
    db.close();
  }
}

function leaveStoppedImport(path: string, file: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("insert into app_state (key, value, updated_at) values ('import_unfinished', ?, ?)").run(
      // As an import's chunk writes it (app/services/import-commit.server.ts): the newest first.
      JSON.stringify([{ file, saved: 1250, total: 2300 }]),
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`An import that stopped part-way, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("is told on Today and on the import page, and dismissed", async ({ page, server }) => {
      const errors = collectConsoleErrors(page);
      await signInThroughForm(page);
      leaveStoppedImport(server.databasePath, "angels <b>2026</b>.csv");
      await page.goto("/");
      const line = page.locator(".import-stopped");
      await expect(line).toContainText("The import of “angels <b>2026</b>.csv” stopped part-way: 1,250 of 2,300 rows were saved.");
      await expect(line.getByRole("link", { name: "import the same file again" })).toHaveAttribute("href", "/investors/import");
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `test-results/import-stopped/${javaScriptEnabled ? "js" : "nojs"}-today-${width}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      if (javaScriptEnabled) {
        // axe runs as a script in the page: only where scripts run.
        const axe = await new AxeBuilder({ page }).include(".import-stopped").analyze();
        expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
      }

      // The import page says it too, and dismissing there stays there.
      await page.goto("/investors/import");
      await expect(page.locator(".import-stopped")).toContainText("choose the same file below and import it");
      await page.locator(".import-stopped").getByRole("button", { name: "Dismiss" }).click();
      await expect(page).toHaveURL(/\/investors\/import$/);
      await expect(page.locator(".import-stopped")).toHaveCount(0);
      expect(stateRow(server.databasePath)).toBeUndefined();

      // Stopped again and dismissed from Today: back on Today, without the line.
      leaveStoppedImport(server.databasePath, "angels.csv");
      await page.goto("/");
      await line.getByRole("button", { name: "Dismiss" }).click();
      await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
      await expect(page.locator(".import-stopped")).toHaveCount(0);
      expect(stateRow(server.databasePath)).toBeUndefined();
      expect(errors).toEqual([]);
    });
  });
}
