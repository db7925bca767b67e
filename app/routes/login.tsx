import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { getApp } from "../app.server.ts";
import { hasSession, teamOwner } from "../auth/guards.server.ts";
import { nameOwnerOnFirstSignIn, ownerUnnamed } from "../services/team.server.ts";
import { loginSchema, passphraseLoginSchema, safeRedirectPath } from "../auth/login.ts";
import { verifyPasscode, waitSentence } from "../auth/passcode-attempts.server.ts";
import { describeWait } from "../auth/guess-limit.server.ts";
import { signInWithPassphrase } from "../auth/invites.server.ts";
import { signedInHeaders } from "../auth/sign-in.server.ts";
import { PasskeySignIn } from "../components/passkeys.tsx";
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
  const form = await readFormBody(request);
  if (form.get("intent") === "passphrase") return passphraseSignIn(request, form);
  const submission = parseWithZod(form, { schema: loginSchema });
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
  return redirect(safeRedirectPath(submission.value.redirectTo), { headers: await signedInHeaders(request, app, owner.id) });
}

/**
 * A member's own passphrase (decision 060), in the passcode's guess budget. Refused alike: an
 * unknown name, a wrong passphrase, a disabled member; the words never say which.
 */
async function passphraseSignIn(request: Request, form: FormData) {
  const app = getApp();
  const submission = parseWithZod(form, { schema: passphraseLoginSchema });
  const login = String(form.get("login") ?? "").slice(0, 200);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Enter your email or name and your passphrase.";
    return data({ passphrase: { message, login } }, { status: 400 });
  }
  const verdict = await signInWithPassphrase(request, app, submission.value.login, submission.value.passphrase);
  if (verdict.ok) {
    return redirect(safeRedirectPath(submission.value.redirectTo), { headers: await signedInHeaders(request, app, verdict.member.id) });
  }
  if (verdict.retryAfterSeconds !== undefined) {
    const message = `Too many wrong tries from your network. Wait ${describeWait(verdict.retryAfterSeconds)} and try again.`;
    return data({ passphrase: { message, login } }, { status: 429, headers: { "retry-after": String(verdict.retryAfterSeconds) } });
  }
  return data({ passphrase: { message: "That name or email and passphrase do not match a member of this team.", login } }, { status: 401 });
}

/**
 * Checked on the server only: one field does not justify sending a validator to the browser, and
 * the messages are the same with JavaScript on and off.
 */
export default function Login({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const result = answer && !("passphrase" in answer) ? answer : undefined;
  const member = answer && "passphrase" in answer ? answer.passphrase : undefined;
  const [searchParams] = useSearchParams();
  const passcode = useRef<HTMLInputElement>(null);
  const passphrase = useRef<HTMLInputElement>(null);
  const fieldError = result?.error?.passcode?.[0];
  const formError = result?.error?.[""]?.[0];
  // A refused passcode or passphrase is cleared (as the page does without JavaScript) and its field focused again.
  useEffect(() => {
    const field = result ? passcode.current : member ? passphrase.current : null;
    if (!field) return;
    field.value = "";
    field.focus();
  }, [result, member]);
  const redirectTo = searchParams.get("redirectTo") ?? "/";
  return (
    <section className="panel narrow">
      <h1>Sign in</h1>
      <p className="muted">
        Enter the passcode for this installation. It was printed once when the app first started, unless you set ADMIN_PASSCODE.
      </p>
      <Form method="post">
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
      <h2 id="member-sign-in" className="sign-in-split">
        Invited to the team?
      </h2>
      <p className="muted">Sign in as yourself, with the passkey or the passphrase you chose when you joined.</p>
      <PasskeySignIn redirectTo={redirectTo} />
      <Form method="post" aria-labelledby="member-sign-in" className="sign-in-member">
        <input type="hidden" name="intent" value="passphrase" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <label htmlFor="login">Your email or name</label>
        <input id="login" name="login" type="text" autoComplete="username" maxLength={200} defaultValue={member?.login ?? ""} />
        <label htmlFor="passphrase">Your passphrase</label>
        <input
          ref={passphrase}
          id="passphrase"
          name="passphrase"
          type="password"
          autoComplete="current-password"
          aria-invalid={member ? true : undefined}
          aria-describedby={member ? "passphrase-error" : undefined}
        />
        {member ? (
          <p className="form-error" role="alert" id="passphrase-error">
            {member.message}
          </p>
        ) : null}
        <button type="submit" className="button-secondary">
          Continue with my passphrase
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
