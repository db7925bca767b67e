import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { CurrencyOptions } from "../components/currency-options.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/startup-new";
import { getApp } from "../app.server.ts";
import { STAGES, STAGE_LABELS } from "../domain/investor.ts";
import { founderErrors } from "../domain/form-messages.ts";
import { ROLE_CHOICES, STARTUP_FORM_WORDS, startupFormSchema } from "../domain/startup-forms.ts";
import { createStartupWithRubric } from "../services/startups.server.ts";
import { readFormBody } from "../http/form-body.server.ts";

export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  const submission = parseWithZod(await readFormBody(request), { schema: startupFormSchema, ...founderErrors(STARTUP_FORM_WORDS) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const created = await createStartupWithRubric(app, submission.value.input, {}, submission.value.round);
  return redirect(`/startups/${created.startup.id}`);
}

export default function NewStartup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: startupFormSchema, ...founderErrors(STARTUP_FORM_WORDS) }),
  });
  const error = (list?: string[]) => (list?.length ? <p className="field-error">{list[0]}</p> : null);
  return (
    <>
      <div className="page-head">
        <h1>Add a startup</h1>
        <p className="muted">
          The model drafts a rubric from this; if it is not available, a default rubric is derived from the sector, stage and geography,
          with a cheque range from the round size and the role wanted.
        </p>
      </div>
      <section className="panel">
        <Form method="post" {...getFormProps(form)} className="grid-form">
          <div>
            <label htmlFor={fields.name.id}>Name</label>
            <input {...getInputProps(fields.name, { type: "text" })} />
            {error(fields.name.errors)}
          </div>
          <div>
            <label htmlFor={fields.sector.id}>Sector</label>
            <input {...getInputProps(fields.sector, { type: "text" })} placeholder="fintech" />
            {error(fields.sector.errors)}
          </div>
          <div>
            <label htmlFor={fields.stage.id}>Stage</label>
            <select {...getSelectProps(fields.stage)} defaultValue="seed">
              {STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]}
                </option>
              ))}
            </select>
            {error(fields.stage.errors)}
          </div>
          <div>
            <label htmlFor={fields.geography.id}>Geography</label>
            <input {...getInputProps(fields.geography, { type: "text" })} placeholder="France" />
          </div>
          <div>
            <label htmlFor={fields.round_size.id}>Round size</label>
            <input {...getInputProps(fields.round_size, { type: "text" })} placeholder="2m, €1.5m or NOK 20m" />
            {error(fields.round_size.errors)}
          </div>
          <div>
            <label htmlFor={fields.round_currency.id}>Currency</label>
            {/* A currency written with the size ("NOK 20m") is the round's, over this select. */}
            <select {...getSelectProps(fields.round_currency)} defaultValue="USD">
              <CurrencyOptions />
            </select>
          </div>
          <div>
            <label htmlFor={fields.role_wanted.id}>Role wanted</label>
            <select {...getSelectProps(fields.role_wanted)} defaultValue="">
              {ROLE_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            {error(fields.role_wanted.errors)}
          </div>
          <div>
            <label htmlFor={fields.ask.id}>Ask</label>
            <input {...getInputProps(fields.ask, { type: "text" })} placeholder="Lead investor for the seed" />
          </div>
          <div className="form-actions">
            <label htmlFor={fields.pitch.id}>Pitch</label>
            <textarea {...getTextareaProps(fields.pitch)} rows={3} placeholder="One or two sentences." />
            {error(fields.pitch.errors)}
            <button type="submit" className="button-primary" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Drafting the rubric…" : "Add startup"}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Add a startup · Investor Pipeline" }];
