import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings-you";
import { getApp } from "../app.server.ts";
import { memberContext } from "../auth/guards.server.ts";
import { founderErrors } from "../domain/form-messages.ts";
import { MEMBER_DETAILS_WORDS, memberDetailsSchema } from "../domain/member-details.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { ownDetails, saveOwnDetails } from "../services/team.server.ts";

/**
 * /settings/you: the signed-in member's own name, email and phone (decision 059). The name is
 * what the team sees beside each change; the phone is where their own digest goes. Each member
 * edits only their own; a plain form, so it works without JavaScript.
 */

function signedInMember(context: Readonly<Route.LoaderArgs["context"]>) {
  const member = context.get(memberContext);
  if (!member) throw new Response("Sign in first.", { status: 401 });
  return member;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const details = ownDetails(getApp(), signedInMember(context));
  return { details, saved: new URL(request.url).searchParams.get("saved") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = signedInMember(context);
  const submission = parseWithZod(await readFormBody(request), { schema: memberDetailsSchema, ...founderErrors(MEMBER_DETAILS_WORDS) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = saveOwnDetails(getApp(), member, submission.value);
  if (!saved.ok) return data(submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }), { status: 400 });
  return redirect("/settings/you?saved=1", 303);
}

export default function You({ loaderData, actionData }: Route.ComponentProps) {
  const { details, saved } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: { name: details.name, email: details.email ?? "", phone: details.phone ?? "" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: memberDetailsSchema, ...founderErrors(MEMBER_DETAILS_WORDS) }),
  });
  const error = (id: string, list?: string[]) =>
    list?.length ? (
      <p className="field-error" id={id}>
        {list[0]}
      </p>
    ) : null;
  return (
    <>
      <div className="page-head">
        <h1>You</h1>
        <p className="muted">
          {details.role === "owner" ? "You own this pipeline: the passcode signs in as you. " : ""}
          Your team sees your name beside what you change. <Link to="/settings">Back to settings</Link>
        </p>
      </div>
      {saved ? (
        <p role="status" className="notice notice-good">
          Saved.
        </p>
      ) : null}
      <section className="panel narrow">
        <Form method="post" {...getFormProps(form)}>
          <label htmlFor={fields.name.id}>Your name</label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            autoComplete="name"
            maxLength={80}
            aria-describedby={fields.name.errors ? `${fields.name.id}-error` : undefined}
          />
          {error(`${fields.name.id}-error`, fields.name.errors)}
          <label htmlFor={fields.email.id}>Email (optional)</label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="email"
            aria-describedby={fields.email.errors ? `${fields.email.id}-error` : undefined}
          />
          {error(`${fields.email.id}-error`, fields.email.errors)}
          <label htmlFor={fields.phone.id}>Phone (optional)</label>
          <p className="muted" id={`${fields.phone.id}-hint`}>
            In international form, like +47 912 34 567: your own morning digest is sent here when text messages are set up.
          </p>
          <input
            {...getInputProps(fields.phone, { type: "tel" })}
            autoComplete="tel"
            aria-describedby={`${fields.phone.id}-hint${fields.phone.errors ? ` ${fields.phone.id}-error` : ""}`}
          />
          {error(`${fields.phone.id}-error`, fields.phone.errors)}
          <button type="submit" className="button-primary" disabled={navigation.state === "submitting"}>
            Save your details
          </button>
        </Form>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "You · Investor Pipeline" }];
