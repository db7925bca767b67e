import { expect } from "vitest";
import { postForm } from "./http.ts";

/** Signs in through the real /login form and returns the cookie pair to send back. */
export async function signIn(url: string, passcode: string): Promise<string> {
  const response = await postForm(url, "/login", { passcode });
  expect(response.status).toBe(302);
  const cookie = response.headers.get("set-cookie");
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0]!;
}
