import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/investor-new";
import { createInvestor } from "#db/queries/investors.server.ts";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { rescoreInvestorsForStartups } from "../services/startups.server.ts";
import { INVESTOR_KINDS, RELATIONSHIP_STATUSES, STAGES, STAGE_LABELS, STATUS_LABELS } from "../domain/investor.ts";
import { founderErrors } from "../domain/form-messages.ts";
import { INVESTOR_FORM_WORDS, investorFormSchema } from "../domain/investor-form.ts";
import { readFormBody } from "../http/form-body.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const submission = parseWithZod(await readFormBody(request), { schema: investorFormSchema, ...founderErrors(INVESTOR_FORM_WORDS) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { relationship_status, check_currency, ...profile } = submission.value;
  // Created and ranked in one transaction: a ranking that fails (a full disk) leaves no investor
  // behind an answer that says it was not saved (decision 058).
  const id = app.db.$client.transaction(() => {
    const created = createInvestor(app.db, profile, {
      now: app.now(),
      rules: app.rules,
      userOwned: { relationshipStatus: relationship_status },
      checkCurrency: check_currency,
      actor: requestActor(context),
    });
    rescoreInvestorsForStartups(app, [created]);
    return created;
  })();
  return redirect(`/investors/${id}`);
}

export default function NewInvestor({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: investorFormSchema, ...founderErrors(INVESTOR_FORM_WORDS) }),
  });
  const text = (name: keyof typeof fields, label: string, type: "text" | "email" | "url" = "text", hint?: string) => {
    const field = fields[name];
    // A list's item errors are filed under "sectors[0]": show them at the list's field.
    const errors = field.errors ?? Object.entries(form.allErrors).find(([key]) => key.startsWith(`${name}[`))?.[1];
    return (
      <div>
        <label htmlFor={field.id}>{label}</label>
        <input {...getInputProps(field, { type })} placeholder={hint} />
        {errors?.length ? <p className="field-error">{errors[0]}</p> : null}
      </div>
    );
  };
  return (
    <>
      <div className="page-head">
        <h1>Add an investor</h1>
        <p className="muted">Only the name is required. Lists take commas or semicolons.</p>
      </div>
      <section className="panel">
        <Form method="post" {...getFormProps(form)} className="grid-form">
          {text("name", "Name")}
          {text("firm", "Firm")}
          <div>
            <label htmlFor={fields.kind.id}>Kind</label>
            <select {...getSelectProps(fields.kind)} defaultValue="fund">
              {INVESTOR_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          </div>
          {text("email", "Email", "email")}
          {text("website", "Website", "url", "https://")}
          {text("linkedin_url", "LinkedIn", "url", "https://www.linkedin.com/in/…")}
          {text("sectors", "Sectors", "text", "fintech; climate")}
          {text("geographies", "Geographies", "text", "Europe; US")}
          <fieldset>
            <legend>Stages</legend>
            {STAGES.map((stage) => (
              <label key={stage} className="inline">
                <input type="checkbox" name={fields.stages.name} value={stage} /> {STAGE_LABELS[stage]}
              </label>
            ))}
            {fields.stages.errors ? <p className="field-error">{fields.stages.errors[0]}</p> : null}
          </fieldset>
          {/* US dollars unless the amount names another currency ("€250k", "NOK 5m"), as an import reads it. */}
          {text("check_min", "Smallest check (USD)", "text", "250k or €250k")}
          {text("check_max", "Largest check (USD)", "text", "2m or NOK 20m")}
          <div>
            <label htmlFor={fields.relationship_status.id}>Relationship status</label>
            <select {...getSelectProps(fields.relationship_status)} defaultValue="not_contacted">
              {RELATIONSHIP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="form-actions">
            <button type="submit" className="button-primary">
              Add investor
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Add an investor · Investor Pipeline" }];
