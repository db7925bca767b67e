import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { getApp } from "../app.server.ts";
import { hasSession, sessionStore, teamOwner } from "../auth/guards.server.ts";
import { nameOwnerOnFirstSignIn, ownerUnnamed } from "../services/team.server.ts";
import { loginSchema, safeRedirectPath } from "../auth/login.ts";
import { verifyPasscode, waitSentence } from "../auth/passcode-attempts.server.ts";
import { readCookie } from "../auth/session.server.ts";
import { createDevice, deviceCookieHeader, deviceCookieName, requestDevice } from "../auth/device.server.ts";
import { readFormBody } from "../http/form-body.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  if (await hasSession(request, app)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  }
  // The owner's first sign-in asks their name, so the team's changes say who made them.
  return { askName: ownerUnnamed(teamOwner(app)) };
}

export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  const submission = parseWithZod(await readFormBody(request), { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const verdict = verifyPasscode(request, submission.value.passcode, app);
  if (!verdict.ok) {
    // Counted, not logged one by one (app/auth/guess-log.server.ts).
    const message =
      verdict.retryAfterSeconds !== undefined
        ? waitSentence({ retryAfterSeconds: verdict.retryAfterSeconds, heldBack: verdict.heldBack })
        : "That passcode is not right. Check it and try again.";
    return data(submission.reply({ formErrors: [message], hideFields: ["passcode"] }), {
      status: verdict.retryAfterSeconds !== undefined ? 429 : 401,
      headers: verdict.retryAfterSeconds !== undefined ? { "retry-after": String(verdict.retryAfterSeconds) } : undefined,
    });
  }
  const owner = teamOwner(app);
  nameOwnerOnFirstSignIn(app, owner, submission.value.name);
  const production = app.config.NODE_ENV === "production";
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionStore(app).start(owner.id));
  // This browser is now known (decision 019): a flood of guesses will not hold its attempts back.
  // A device cookie it already has is sent again (a fresh 400 days), else a new one.
  const device = requestDevice(request, app.sessionSecret, production)
    ? readCookie(request.headers.get("cookie"), deviceCookieName(production))
    : undefined;
  headers.append("Set-Cookie", deviceCookieHeader(device ?? createDevice(app.sessionSecret), production));
  return redirect(safeRedirectPath(submission.value.redirectTo), { headers });
}

/**
 * Checked on the server only: one field does not justify sending a validator to the browser, and
 * the messages are the same with JavaScript on and off.
 */
export default function Login({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const passcode = useRef<HTMLInputElement>(null);
  const fieldError = result?.error?.passcode?.[0];
  const formError = result?.error?.[""]?.[0];
  // A refused passcode is cleared (as the page does without JavaScript) and the field focused again.
  useEffect(() => {
    if (!result || !passcode.current) return;
    passcode.current.value = "";
    passcode.current.focus();
  }, [result]);
  return (
    <section className="panel narrow">
      <h1>Sign in</h1>
      <p className="muted">
        Enter the passcode for this installation. It was printed once when the app first started, unless you set ADMIN_PASSCODE.
      </p>
      <Form method="post">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? "/"} />
        {loaderData?.askName ? (
          <>
            <label htmlFor="name">Your name (optional)</label>
            <p className="muted" id="name-hint">
              Your co-founders will see it beside what you change.
            </p>
            <input id="name" name="name" type="text" autoComplete="name" maxLength={80} aria-describedby="name-hint" />
          </>
        ) : null}
        <label htmlFor="passcode">Passcode</label>
        <input
          ref={passcode}
          id="passcode"
          name="passcode"
          type="password"
          autoComplete="current-password"
          aria-invalid={fieldError || formError ? true : undefined}
          aria-describedby={fieldError ? "passcode-error" : formError ? "login-error" : undefined}
        />
        {fieldError ? (
          <p className="field-error" id="passcode-error">
            {fieldError}
          </p>
        ) : null}
        {formError ? (
          <p className="form-error" role="alert" id="login-error">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button-primary">
          Sign in
        </button>
      </Form>
      <p className="muted">
        Just looking? Open the <Link to="/demo">demo pipeline</Link>: synthetic investors, no passcode needed.
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Investor Pipeline" }];

// A refused guess's Retry-After reaches the page response only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
};
