import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { collectConsoleErrors, expectReadable, openSignedIn, waitForHydration } from "./helpers.ts";
import { DATABASE_PATH } from "./playwright.config.ts";

// Digits only, and no word another spec searches for: all specs share one database.
const suffix = String(Date.now());

function idOf(query: string, ...params: unknown[]): number {
  const db = new Database(DATABASE_PATH, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(query)
      .pluck()
      .get(...params) as number;
  } finally {
    db.close();
  }
}

/**
 * Warm intros (decision 065) as a founder meets them: a sheet with an Intro via column, the
 * investor's Intro paths panel, the draft to the connector, the intro asked for and introduced,
 * and the path read back from /export.json — with JavaScript on and off, on a desktop and a phone.
 */
for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`Intro paths with JavaScript ${javaScriptEnabled ? "on" : "off"} at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("imports Intro via as a person and a path, drafts the ask, marks it asked and introduced, and exports it", async ({ page }) => {
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        const tag = `${suffix}${javaScriptEnabled ? "1" : "0"}${width}`;
        // A name with digits reads as a fund's ("the … team"): the person's names carry the tag in letters.
        const letters = tag.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!);
        const investor = `Kristin Lund${letters}`;
        const connector = `Erik Solberg${letters}`;
        const sheet = [
          "Name,Firm,Intro via",
          `${investor},Fjord Climate ${tag},"${connector} <erik${tag}@angels.example> (ex-colleague)"`,
        ].join("\n");
        await page.goto("/investors/import");
        await page.getByLabel("CSV file").setInputFiles({ name: "intros.csv", mimeType: "text/csv", buffer: Buffer.from(sheet) });
        await page.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("region", { name: "Preview" });
        await expect(preview).toContainText("1 intro path through 1 person, from the Intro via column.");
        await preview.getByRole("button", { name: "Import 1 new" }).click();
        await expect(page.getByRole("region", { name: "Imported" })).toContainText("1 intro path through 1 person added");

        const investorId = idOf("select id from investors where name = ? and is_demo = 0", investor);
        const pathId = idOf("select id from intro_paths where investor_id = ?", investorId);
        // Today's row links here: the draft's anchor opens the page on it.
        await page.goto(`/investors/${investorId}#intro-draft-${pathId}`);
        if (javaScriptEnabled) await waitForHydration(page);
        const panel = page.getByRole("region", { name: "Intro paths" });
        const path = panel.locator(`#intro-path-${pathId}`);
        await expect(path).toContainText(connector);
        await expect(path).toContainText("from your sheet");
        await expect(path).toContainText(`“${connector} <erik${tag}@angels.example> (ex-colleague)”`);
        await expect(path).toContainText("To ask");

        const draft = page.locator(`#intro-draft-${pathId}`);
        await expect(draft).toHaveAttribute("open", "");
        await expect(draft).toContainText("Hi Erik,");
        await expect(draft).toContainText(`Would you be open to introducing me to Kristin at Fjord Climate ${tag}?`);
        await expect(draft).toContainText("Forwardable blurb");
        // The team's owner signs with the founder's name from the settings.
        await expect(draft).toContainText("Thanks,\nMarie Curie");
        await expect(draft.getByRole("link", { name: /Open in your mail app, to erik/ })).toHaveAttribute(
          "href",
          new RegExp(`^mailto:erik${tag}%40angels\\.example\\?subject=`),
        );
        if (javaScriptEnabled) await expectReadable(page);

        await path.getByRole("button", { name: "Mark asked" }).click();
        await expect(panel.getByRole("status")).toHaveText("Intro moved.");
        await expect(path.locator(".intro-state")).toHaveText(/^Asked on \d{1,2} \w+ by /);

        await path.getByLabel("moves to Contacted").check();
        await path.getByRole("button", { name: "Mark introduced" }).click();
        await expect(path.locator(".intro-state")).toHaveText(/^Introduced since/);
        await expect(path.getByRole("button", { name: "Mark introduced" })).toHaveCount(0);
        if (javaScriptEnabled) await expectReadable(page);

        const exported = await (await page.request.get("/export.json")).json();
        const saved = exported.intro_paths.find((row: { id: number }) => row.id === pathId);
        expect(saved).toMatchObject({ investor_id: investorId, source: "import", state: "introduced" });
        expect(saved.asked_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(exported.people.find((person: { id: number }) => person.id === saved.person_id)).toMatchObject({
          name: connector,
          emails: [`erik${tag}@angels.example`],
        });
        expect(exported.investors.find((row: { id: number }) => row.id === investorId).relationship_status).toBe("contacted");
        await page.screenshot({
          path: `test-results/screens/intro-paths-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
          fullPage: false,
        });
        expect(errors).toEqual([]);
      });
    });
  }
}
