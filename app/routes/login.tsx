import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { getApp } from "../app.server.ts";
import { hasSession } from "../auth/guards.server.ts";
import { loginSchema, safeRedirectPath } from "../auth/login.ts";
import { verifyPasscode } from "../auth/passcode-attempts.server.ts";
import { createSessionValue, sessionCookieHeader } from "../auth/session.server.ts";
import { log } from "../log.server.ts";
import { readFormBody } from "../http/form-body.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  if (hasSession(request, app)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  }
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  const submission = parseWithZod(await readFormBody(request), { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const verdict = verifyPasscode(request, submission.value.passcode, app);
  if (!verdict.ok) {
    log.warn("sign-in refused: wrong passcode");
    const message =
      verdict.retryAfterSeconds !== undefined
        ? `Too many wrong passcodes. Wait ${Math.ceil(verdict.retryAfterSeconds / 60)} minutes and try again.`
        : "That passcode is not right. Check it and try again.";
    return data(submission.reply({ formErrors: [message], hideFields: ["passcode"] }), {
      status: verdict.retryAfterSeconds !== undefined ? 429 : 401,
      headers: verdict.retryAfterSeconds !== undefined ? { "retry-after": String(verdict.retryAfterSeconds) } : undefined,
    });
  }
  const cookie = sessionCookieHeader(
    createSessionValue(app.sessionSecret, app.now()),
    app.config.NODE_ENV === "production",
  );
  return redirect(safeRedirectPath(submission.value.redirectTo), { headers: { "Set-Cookie": cookie } });
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult,
    // Validate on submit only: clearing the error on blur moved the button under the pointer.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <section className="panel narrow">
      <h1>Sign in</h1>
      <p className="muted">Enter the passcode for this installation. It was printed once when the app first started, unless you set ADMIN_PASSCODE.</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? "/"} />
        <label htmlFor={fields.passcode.id}>Passcode</label>
        <input
          {...getInputProps(fields.passcode, { type: "password" })}
          autoComplete="current-password"
          autoFocus
        />
        {fields.passcode.errors ? (
          <p className="field-error" id={fields.passcode.errorId}>
            {fields.passcode.errors[0]}
          </p>
        ) : null}
        {form.errors ? (
          <p className="form-error" role="alert" id={form.errorId}>
            {form.errors[0]}
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
