import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/join";
import { getApp } from "../app.server.ts";
import { joinWithPassphrase, openInvite } from "../auth/invites.server.ts";
import { joinSchema } from "../auth/login.ts";
import { signedInHeaders } from "../auth/sign-in.server.ts";
import { PasskeyJoin } from "../components/passkeys.tsx";
import { INVITE_REFUSALS, PASSPHRASE_MIN } from "../domain/invites.ts";
import { describeWait } from "../auth/guess-limit.server.ts";
import { readFormBody } from "../http/form-body.server.ts";

/**
 * An invitation link (decision 060): the invitee gives a name, then registers a passkey (with
 * JavaScript) or chooses a passphrase (a plain form, no JavaScript needed), and is signed in. A
 * link that is used, expired or unknown says only that. Every opening of a link is a guess
 * counted in the passcode's budget.
 */

const STATUS = { used: 410, expired: 410, unknown: 404 } as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const invite = await openInvite(request, getApp(), params.token);
  if (invite.retryAfterSeconds !== undefined) {
    return data(
      { open: false as const, message: `Too many tries from your network. Wait ${describeWait(invite.retryAfterSeconds)} and try again.` },
      { status: 429, headers: { "retry-after": String(invite.retryAfterSeconds) } },
    );
  }
  if (invite.state !== "open")
    return data({ open: false as const, message: INVITE_REFUSALS[invite.state] }, { status: STATUS[invite.state] });
  return { open: true as const, name: invite.name ?? "" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const app = getApp();
  const submission = parseWithZod(await readFormBody(request), { schema: joinSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["passphrase"] }), { status: 400 });
  const joined = await joinWithPassphrase(request, app, params.token, submission.value.name, submission.value.passphrase);
  if (!joined.ok) {
    const reply = joined.field === "name" ? { fieldErrors: { name: [joined.message] } } : { formErrors: [joined.message] };
    return data(submission.reply({ ...reply, hideFields: ["passphrase"] }), {
      status: joined.status,
      headers: joined.retryAfterSeconds !== undefined ? { "retry-after": String(joined.retryAfterSeconds) } : undefined,
    });
  }
  return redirect("/", { headers: await signedInHeaders(request, app, joined.member.id) });
}

export default function Join({ loaderData, actionData, params }: Route.ComponentProps) {
  const name = useRef<HTMLInputElement>(null);
  if (!loaderData.open) {
    return (
      <section className="panel narrow">
        <h1>Join the team</h1>
        <p className="form-error" role="alert">
          {loaderData.message}
        </p>
        <p className="muted">
          Already on the team? <Link to="/login">Sign in</Link>.
        </p>
      </section>
    );
  }
  const nameError = actionData?.error?.name?.[0];
  const passphraseError = actionData?.error?.passphrase?.[0];
  const formError = actionData?.error?.[""]?.[0];
  return (
    <section className="panel narrow">
      <h1>Join the team</h1>
      <p className="muted">You were invited to this pipeline. Say who you are, then choose how you will sign in.</p>
      <Form method="post" className="join-form">
        <label htmlFor="join-name">Your name</label>
        <p className="muted" id="join-name-hint">
          Your co-founders will see it beside what you change.
        </p>
        <input
          ref={name}
          id="join-name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={80}
          required
          defaultValue={(actionData?.initialValue?.name as string | undefined) ?? loaderData.name}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? "join-name-error join-name-hint" : "join-name-hint"}
        />
        {nameError ? (
          <p className="field-error" id="join-name-error">
            {nameError}
          </p>
        ) : null}
        <PasskeyJoin token={params.token} nameField={name} />
        <h2>With a passphrase</h2>
        <p className="muted" id="join-passphrase-hint">
          At least {PASSPHRASE_MIN} characters: a few words you will remember. You sign in with your name (or email) and it.
        </p>
        <label htmlFor="join-passphrase">Passphrase</label>
        <input
          id="join-passphrase"
          name="passphrase"
          type="password"
          autoComplete="new-password"
          aria-invalid={passphraseError ? true : undefined}
          aria-describedby={passphraseError ? "join-passphrase-error join-passphrase-hint" : "join-passphrase-hint"}
        />
        {passphraseError ? (
          <p className="field-error" id="join-passphrase-error">
            {passphraseError}
          </p>
        ) : null}
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button-primary">
          Join with this passphrase
        </button>
      </Form>
    </section>
  );
}

// A held-back guess's Retry-After reaches the page response only through this export.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () => [{ title: "Join the team · Investor Pipeline" }];
