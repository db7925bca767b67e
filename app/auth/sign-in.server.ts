import type { App } from "../app-context.ts";
import { createDevice, deviceCookieHeader, deviceCookieName, requestDevice } from "./device.server.ts";
import { sessionStore } from "./guards.server.ts";
import { readCookie } from "./session.server.ts";

/**
 * The cookies of a sign-in, whichever way it was made (the passcode, a passphrase, a passkey, an
 * invitation accepted): the member's session, and the device cookie that marks this browser as
 * known (decision 019), so a flood of guesses will not hold its attempts back. A device cookie the
 * browser already has is sent again (a fresh 400 days), else a new one.
 */
export async function signedInHeaders(request: Request, app: App, memberId: number): Promise<Headers> {
  const production = app.config.NODE_ENV === "production";
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionStore(app).start(memberId));
  const device = requestDevice(request, app.sessionSecret, production)
    ? readCookie(request.headers.get("cookie"), deviceCookieName(production))
    : undefined;
  headers.append("Set-Cookie", deviceCookieHeader(device ?? createDevice(app.sessionSecret), production));
  return headers;
}
