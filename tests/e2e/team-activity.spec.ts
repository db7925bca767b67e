import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { type Page, expect, test } from "@playwright/test";
import { DATABASE_PATH } from "./playwright.config.ts";
import { addInvestor, collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * Who changed what (decision 061): a second member's change shows on the founder's Today under
 * "Since you last looked", linking to the investor, whose timeline says it in words; once seen,
 * Today no longer repeats it. Invites are another branch's: the second member and their change
 * are written to the server's file directly, as the app writes them (the row, its version, its
 * activity entry).
 */

// Digits only: all specs share one database.
const suffix = String(Date.now());

/** A member of the team, made directly in the database (no invite yet). */
function addMemberDirectly(name: string): number {
  const db = new Database(DATABASE_PATH, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return Number(
      db.prepare("insert into members (name, role, created_at) values (?, 'member', ?)").run(name, new Date().toISOString())
        .lastInsertRowid,
    );
  } finally {
    db.close();
  }
}

/** The member moves the investor to Due diligence, written as the investor edit writes it: the row and its activity in one transaction. */
function moveAs(memberId: number, investorId: number, name: string): void {
  const db = new Database(DATABASE_PATH, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.transaction(() => {
      const from = db.prepare("select relationship_status from investors where id = ?").pluck().get(investorId);
      db.prepare("update investors set relationship_status = 'due_diligence', version = version + 1 where id = ?").run(investorId);
      db.prepare("insert into activity (at, actor_member_id, investor_id, subject, kind, detail) values (?, ?, ?, ?, 'status', ?)").run(
        new Date().toISOString(),
        memberId,
        investorId,
        name,
        JSON.stringify({ from: { relationshipStatus: from }, to: { relationshipStatus: "due_diligence" } }),
      );
    })();
  } finally {
    db.close();
  }
}

async function sinceLooked(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
  return page.getByRole("region", { name: "Since you last looked" });
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`The team's activity with JavaScript ${javaScriptEnabled ? "on" : "off"} at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("another member's change is on Today once, links to the investor, and reads on its timeline", async ({ page }) => {
        test.setTimeout(120_000);
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        const tag = `${suffix}${javaScriptEnabled ? "1" : "0"}${width}`;
        const investor = `Fjord Climate ${tag}`;
        const member = `Jonas ${tag}`;
        const url = await addInvestor(page, { name: investor, status: "contacted" });
        const investorId = Number(new URL(url).pathname.split("/").pop());
        // The founder looks at Today: what came before is seen.
        await sinceLooked(page);

        moveAs(addMemberDirectly(member), investorId, investor);
        const region = await sinceLooked(page);
        const line = region.getByRole("link", { name: `${member} moved ${investor} to Due diligence` });
        await expect(line).toBeVisible();
        await expect(region).toContainText("just now");
        if (javaScriptEnabled) {
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(sideways).toBeLessThanOrEqual(0);
          const axe = await new AxeBuilder({ page }).analyze();
          expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
        }
        await page.screenshot({ path: `test-results/screens/since-you-looked-${width}-${javaScriptEnabled ? "js" : "nojs"}.png` });

        // The line leads to the investor, whose timeline says who did what, newest first.
        await line.click();
        await expect(page.getByRole("heading", { name: investor, level: 1 })).toBeVisible();
        const timeline = page.getByRole("region", { name: "Timeline" });
        const items = timeline.getByRole("listitem");
        await expect(items.first()).toContainText(`${member} moved ${investor} to Due diligence · just now`);
        await expect(timeline).toContainText(`added ${investor}`);
        await expect(page.getByText("Due diligence").first()).toBeVisible();
        if (javaScriptEnabled) {
          const axe = await new AxeBuilder({ page }).include("#timeline").analyze();
          expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
        }
        await page.screenshot({ path: `test-results/screens/timeline-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });

        // Seen once: Today does not say it again.
        const again = await sinceLooked(page);
        await expect(again.getByRole("link", { name: `${member} moved ${investor} to Due diligence` })).toHaveCount(0);
        expect(errors).toEqual([]);
      });
    });
  }
}
