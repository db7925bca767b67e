import { type Page, expect, test } from "@playwright/test";
import { DATABASE_PATH, E2E_PASSCODE } from "./playwright.config.ts";
import { addMember, signInAsMember } from "../helpers/members.ts";
import { addInvestor, collectConsoleErrors, openSignedIn, expectReadable } from "./helpers.ts";

/**
 * Who changed what (decision 061): a second member's change shows on the founder's Today under
 * "Since you last looked", linking to the investor, whose timeline says it in words; once seen,
 * Today no longer repeats it. Invites are another branch's: the second member and their change
 * are written to the server's file directly, as the app writes them (the row, its version, its
 * activity entry).
 */

// Digits only: all specs share one database.
const suffix = String(Date.now());

/**
 * The member (made in the database: invites are tested on their own) moves the investor through
 * the app itself, signed in as them: the route #9 edit, which records its author. A line on Today
 * and the timeline then prove the app recorded it, not the test.
 */
async function moveAs(origin: string, member: string, investorId: number): Promise<void> {
  const cookie = await signInAsMember({ url: origin, databasePath: DATABASE_PATH }, E2E_PASSCODE, addMember(DATABASE_PATH, member));
  const moved = await fetch(`${origin}/api/investors/${investorId}`, {
    method: "PATCH",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ relationship_status: "due_diligence" }),
  });
  expect(moved.status).toBe(200);
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

        await moveAs(new URL(url).origin, member, investorId);
        const region = await sinceLooked(page);
        const line = region.getByRole("link", { name: `${member} moved ${investor} to Due diligence` });
        await expect(line).toBeVisible();
        await expect(region).toContainText("just now");
        if (javaScriptEnabled) {
          await expectReadable(page);
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
          await expectReadable(page, "#timeline");
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
