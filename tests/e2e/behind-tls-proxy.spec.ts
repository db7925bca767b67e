import { test as base, expect } from "@playwright/test";
import { startBuiltServer } from "../helpers/server.ts";
import { addInvestor, collectConsoleErrors, continueToToday, signInThroughForm } from "./helpers.ts";
import { E2E_PASSCODE } from "./playwright.config.ts";
import { startTlsProxy } from "./tls-proxy.ts";

/**
 * The deployment shape: the browser on https, a TLS-terminating proxy (real nginx, self-signed
 * certificate), the app behind it on plain http with NODE_ENV=production and TRUST_PROXY=true.
 * A second app instance with its own database, so the other specs' server is left alone.
 */
const test = base.extend<object, { proxied: { url: string } }>({
  proxied: [
    async ({}, use) => {
      const app = await startBuiltServer({ ADMIN_PASSCODE: E2E_PASSCODE, TRUST_PROXY: "true" });
      const proxy = await startTlsProxy(app.url).catch(async (error) => {
        await app.stop();
        throw error;
      });
      try {
        await use({ url: proxy.url });
      } finally {
        await proxy.stop();
        await app.stop();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ proxied }, use) => use(proxied.url),
});

test.use({ ignoreHTTPSErrors: true });

test("over https through nginx: sign in, edit an investor with JavaScript, import a CSV", async ({ page, context, baseURL }) => {
  expect(baseURL).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const errors = collectConsoleErrors(page);

  await signInThroughForm(page);
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "__Host-ipi_session");
  expect(session, "the production session cookie").toBeDefined();
  expect(session!.secure).toBe(true);
  expect(session!.httpOnly).toBe(true);
  expect(session!.path).toBe("/");

  // An edit through the page's form, with JavaScript: a fetch POST carrying the https Origin.
  const url = await addInvestor(page, { name: "Tessa Tunnel", firm: "Proxy Partners" });
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Relationship status").selectOption("meeting_scheduled");
  await page.getByLabel("Note", { exact: true }).fill("Intro call booked over TLS");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByLabel("Relationship status")).toHaveValue("meeting_scheduled");
  await expect(page.getByRole("region", { name: "Contact history" })).toContainText("Intro call booked over TLS");

  const exported = await page.request.get("/export.json");
  expect(exported.status()).toBe(200);
  const body = (await exported.json()) as {
    investors: Array<{ name: string; relationship_status: string; contact_history?: Array<{ note: string }> }>;
  };
  const tessa = body.investors.find((investor) => investor.name === "Tessa Tunnel");
  expect(tessa?.relationship_status).toBe("meeting_scheduled");
  expect(tessa?.contact_history?.map((contact) => contact.note)).toContain("Intro call booked over TLS");

  // A CSV import: preview, then commit, both multipart POSTs through the proxy.
  await page.goto("/investors/import");
  const csv = [
    "name,firm,email,kind,stages,sectors,relationship_status",
    "Hugo Handshake,TLS Ventures,hugo@tls.example.com,fund,seed,devtools,not_contacted",
    "Cora Cipher,Cipher Angels,cora@cipher.example.com,angel,pre_seed,fintech,researching",
  ].join("\n");
  await page.getByLabel("CSV file").setInputFiles({ name: "investors.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toContainText("2 new");
  await page.getByRole("button", { name: /Import 2 new/ }).click();
  await continueToToday(page);
  await expect(page).toHaveURL(`${baseURL}/`);
  const table = page.getByRole("region", { name: "Investors" });
  await expect(table.getByRole("link", { name: "Hugo Handshake" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Cora Cipher" })).toBeVisible();

  // Signing out over https ends the session on the server too.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const replay = await page.request.get("/settings", {
    headers: { cookie: `__Host-ipi_session=${session!.value}` },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(302);
  expect(replay.headers().location).toMatch(/^\/login/);

  expect(errors, "browser console errors").toEqual([]);
});
