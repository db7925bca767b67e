import { expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, signIn } from "./helpers.ts";

test("the chat drawer answers who to email first, with links to the investors", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page);
  await addInvestor(page, { name: "Chatty Cathy", firm: "Conversation Capital" });
  await page.goto("/");
  await page.getByRole("button", { name: "Ask your pipeline" }).click();
  const drawer = page.getByRole("complementary", { name: "Ask your pipeline" });
  await drawer.getByLabel("Your question").fill("Who should I email first?");
  await drawer.getByRole("button", { name: "Ask" }).click();
  const answer = drawer.locator(".chat-assistant").last();
  await expect(answer).toBeVisible();
  await expect(answer.getByRole("link").first()).toBeVisible();
  const link = answer.getByRole("link").first();
  const name = await link.innerText();
  await page.screenshot({ path: "test-results/screenshots/chat.png" });
  await link.click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the demo chat works without signing in and answers from demo rows", async ({ page }) => {
  await page.goto("/demo");
  await page.getByRole("button", { name: "Ask your pipeline" }).click();
  const drawer = page.getByRole("complementary", { name: "Ask your pipeline" });
  await expect(drawer).toContainText("demo data only");
  await drawer.getByLabel("Your question").fill("Who should I email first?");
  await drawer.getByRole("button", { name: "Ask" }).click();
  const link = drawer.locator(".chat-assistant").last().getByRole("link").first();
  await expect(link).toHaveAttribute("href", /^\/demo\/investors\/\d+$/);
});
