import Database from "better-sqlite3";
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { collectConsoleErrors, waitForHydration, expectReadable } from "./helpers.ts";
import { DATABASE_PATH, E2E_PASSCODE } from "./playwright.config.ts";

/*
 * Signing in as yourself (decision 060): the owner invites on /settings, a second browser opens
 * the link and joins — with a passkey (Chromium's virtual authenticator, the DevTools WebAuthn
 * domain) or, with JavaScript off, with a passphrase — signs out, signs in again the same way, and
 * the page shows their name. WebAuthn refuses an IP address as relying party, so these pages are
 * opened on `localhost` (the same server as the other specs, under its name).
 */

const LOCAL = `http://localhost:${process.env.E2E_PORT}`;
// Digits only: all specs share one database.
const suffix = String(Date.now());

function readBack<T>(query: string, ...params: unknown[]): T | undefined {
  const db = new Database(DATABASE_PATH, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

/** The owner signs in with the passcode and makes an invitation for `name`; the link, read off the page. */
async function invite(browser: Browser, options: { javaScriptEnabled: boolean; width: number }, name: string): Promise<string> {
  const context = await browser.newContext({ ...options, viewport: { width: options.width, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${LOCAL}/login`);
    await page.getByLabel("Passcode").fill(E2E_PASSCODE);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
    await page.goto(`${LOCAL}/settings`);
    const team = page.getByRole("region", { name: "Team", exact: true });
    await expect(team).toBeVisible();
    if (options.javaScriptEnabled) {
      await waitForHydration(page);
      await expectReadable(page);
    }
    await team.getByLabel("Their name (optional)").fill(name);
    await team.getByRole("button", { name: "Make an invitation link" }).click();
    const link = page.getByLabel("Invitation link");
    await expect(link).toHaveValue(new RegExp(`^${LOCAL}/join/[A-Za-z0-9_-]{43}$`));
    await expect(team.getByRole("status")).toContainText(`Invitation made for ${name}`);
    // The whole link is on the page in words (a phone's field shows only its start); with JavaScript, a Copy button.
    await expect(team.locator(".invite-link-text")).toHaveText(await link.inputValue());
    if (options.javaScriptEnabled) await expect(team.getByRole("button", { name: "Copy link" })).toBeVisible();
    else await expect(team.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    if (options.javaScriptEnabled) await expectReadable(page);
    await page.screenshot({
      path: `test-results/screens/team-invited-${options.width}-${options.javaScriptEnabled ? "js" : "nojs"}.png`,
      fullPage: true,
    });
    return await link.inputValue();
  } finally {
    await context.close();
  }
}

/** The owner, in a browser of their own, disables the member called `name` on /settings. */
async function disable(browser: Browser, name: string, javaScriptEnabled = true): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    const page = await context.newPage();
    await page.goto(`${LOCAL}/login`);
    await page.getByLabel("Passcode").fill(E2E_PASSCODE);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
    await page.goto(`${LOCAL}/settings`);
    await page.getByLabel(`Yes, sign ${name} out everywhere`).check();
    await page.getByRole("button", { name: `Disable ${name}` }).click();
    await expect(page.getByRole("status")).toContainText(`${name} is disabled`);
  } finally {
    await context.close();
  }
}

/** The owner, in a browser of their own, enables the member called `name` again on /settings. */
async function enableAgain(browser: Browser, name: string, javaScriptEnabled: boolean): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    const page = await context.newPage();
    await page.goto(`${LOCAL}/login`);
    await page.getByLabel("Passcode").fill(E2E_PASSCODE);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
    await page.goto(`${LOCAL}/settings`);
    await page.getByRole("button", { name: `Enable ${name} again` }).click();
    await expect(page.getByRole("status")).toContainText(`${name} is enabled again`);
  } finally {
    await context.close();
  }
}

/** The invitee's own browser: a context of its own, sharing nothing with the owner's. */
function inviteeBrowser(browser: Browser, options: { javaScriptEnabled: boolean; width: number }): Promise<BrowserContext> {
  return browser.newContext({ ...options, viewport: { width: options.width, height: 900 } });
}

async function expectSignedInAs(page: Page, name: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
  await page.goto(`${LOCAL}/settings`);
  await expect(
    page
      .getByRole("region", { name: "Team", exact: true })
      .getByRole("listitem")
      .filter({ hasText: `${name} (you)` }),
  ).toContainText("Member");
}

for (const width of [1440, 390]) {
  test.describe(`Joining the team at ${width} px`, () => {
    test("with JavaScript on: the owner invites, the invitee registers a passkey, signs in with it, is refused once disabled", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const name = `Jonas ${suffix}${width}`;
      const link = await invite(browser, { javaScriptEnabled: true, width }, name);

      const context = await inviteeBrowser(browser, { javaScriptEnabled: true, width });
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });

      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Join the team" })).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveValue(name);
      await waitForHydration(page);
      await expectReadable(page);
      await page.screenshot({ path: `test-results/screens/team-join-${width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Join with a passkey" }).click();
      await expectSignedInAs(page, name);
      const member = readBack<{ id: number; passphrase_hash: string | null }>(
        "select id, passphrase_hash from members where name = ?",
        name,
      );
      expect(member?.passphrase_hash).toBeNull();
      expect(readBack<{ n: number }>("select count(*) as n from member_passkeys where member_id = ?", member?.id)?.n).toBe(1);

      // The link is used up.
      await page.goto(link);
      await expect(page.getByRole("alert")).toContainText("already been used");

      await page.goto(`${LOCAL}/settings`);
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await waitForHydration(page);
      await expectReadable(page);
      await page.screenshot({ path: `test-results/screens/team-login-${width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Use my passkey" }).click();
      await expectSignedInAs(page, name);
      expect(
        readBack<{ used: string | null }>("select last_used_at as used from member_passkeys where member_id = ?", member?.id)?.used,
      ).not.toBeNull();

      // Disabled by the owner: signed out at the next request, and the passkey opens nothing.
      await disable(browser, name);
      await page.goto(`${LOCAL}/`);
      await expect(page).toHaveURL(/\/login$/);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Use my passkey" }).click();
      await expect(page.getByRole("alert")).toContainText("not one of this team's");
      await page.goto(`${LOCAL}/`);
      await expect(page).toHaveURL(/\/login$/);

      // Enabled again: the same passkey signs them in.
      await enableAgain(browser, name, true);
      await page.goto(`${LOCAL}/login`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Use my passkey" }).click();
      await expectSignedInAs(page, name);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("with JavaScript off: the owner invites, the invitee chooses a passphrase, signs out, and signs in with it", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const name = `Pia ${suffix}${width}`;
      const passphrase = `pia's passphrase ${suffix}`;
      const link = await invite(browser, { javaScriptEnabled: false, width }, name);

      const context = await inviteeBrowser(browser, { javaScriptEnabled: false, width });
      const page = await context.newPage();
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Join the team" })).toBeVisible();
      // No passkey without JavaScript: the page offers only what works.
      await expect(page.getByRole("button", { name: "Join with a passkey" })).toHaveCount(0);
      await page.getByLabel("Passphrase", { exact: true }).fill("too short");
      await page.getByRole("button", { name: "Join with this passphrase" }).click();
      await expect(page.getByText("Use at least 12 characters")).toBeVisible();
      await page.getByLabel("Passphrase", { exact: true }).fill(passphrase);
      await page.getByRole("button", { name: "Join with this passphrase" }).click();
      await expectSignedInAs(page, name);
      expect(readBack<{ hash: string }>("select passphrase_hash as hash from members where name = ?", name)?.hash).toMatch(/^scrypt\$/);

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("button", { name: "Use my passkey" })).toHaveCount(0);
      await page.getByLabel("Your email or name").fill(name);
      await page.getByLabel("Your passphrase").fill("not the passphrase");
      await page.getByRole("button", { name: "Continue with my passphrase" }).click();
      await expect(page.getByRole("alert")).toContainText("do not match a member of this team");
      await page.getByLabel("Your passphrase").fill(passphrase);
      await page.getByRole("button", { name: "Continue with my passphrase" }).click();
      await expectSignedInAs(page, name);

      // Disabled by mistake, then enabled again: signed out, and back in with the same passphrase.
      await disable(browser, name, false);
      await page.goto(`${LOCAL}/`);
      await expect(page).toHaveURL(/\/login$/);
      await enableAgain(browser, name, false);
      expect(readBack<{ at: string | null }>("select disabled_at as at from members where name = ?", name)?.at).toBeNull();
      await page.getByLabel("Your email or name").fill(name);
      await page.getByLabel("Your passphrase").fill(passphrase);
      await page.getByRole("button", { name: "Continue with my passphrase" }).click();
      await expectSignedInAs(page, name);
      await context.close();
    });
  });
}
