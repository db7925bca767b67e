import { expect } from "vitest";

/** Signs in through the real /login form and returns the cookie pair to send back. */
export async function signIn(url: string, passcode: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ passcode }),
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.get("set-cookie");
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0]!;
}
