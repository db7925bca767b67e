import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import {
  loadFounderSettings,
  readDraftStartup,
  readSavedFounderSettings,
  saveFounderSettings,
} from "#db/queries/founder-settings.server.ts";
import { getApp } from "../app.server.ts";
import { reportVariables } from "../config.server.ts";
import { type FounderSettingSource, founderSettingsFormSchema, founderSettingsFromForm } from "../domain/founder-settings.ts";
import { type Integration, describeIntegrations } from "../domain/integrations.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { readMailSyncStatus } from "#db/queries/mail-status.server.ts";
import { mailConfigured } from "../jobs/mail-sync.server.ts";
import { MailPanel, mailSetupFor, syncNotice } from "../components/mail-panel.tsx";
import { CurrencyRates } from "../components/currency-rates.tsx";
import { DiscoveryAliases } from "../components/discovery-aliases.tsx";
import { listDiscoveryAliases } from "../services/discoveries.server.ts";
import { rateOverrides } from "../services/currency-rates.server.ts";
import { teamView } from "../services/team.server.ts";
import { memberContext } from "../auth/guards.server.ts";
import { TeamPanel } from "../components/team-panel.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp();
  const saved = readSavedFounderSettings(app.db);
  const member = context.get(memberContext)!;
  return {
    // Who is on the team; the owner's invite and disable forms (decision 060).
    team: teamView(app, member),
    you: member.id,
    integrations: describeIntegrations({ given: reportVariables(app.config), schedulerEnabled: app.config.SCHEDULER_ENABLED }),
    saved,
    founder: loadFounderSettings(app.db, app.config),
    // What an empty field falls back to in drafts: the startup raising now (decision 030).
    startupName: readDraftStartup(app.db, false)?.name ?? null,
    defaults: {
      founderName: app.config.FOUNDER_NAME ?? null,
      pitch: app.config.FOUNDER_PITCH ?? null,
      meetingLink: app.config.MEETING_LINK ?? null,
    },
    notice: new URL(request.url).searchParams.get("saved") === "1",
    aliases: { list: listDiscoveryAliases(app), notice: new URL(request.url).searchParams.get("alias") },
    // The founder's own rates (decision 054) and what the last post of the rates form said.
    rates: {
      overrides: rateOverrides(app),
      notice: new URL(request.url).searchParams.get("rate"),
      currency: new URL(request.url).searchParams.get("currency"),
    },
    // Mail capture (decision 014): which variables are missing (never a value), what the last sync did.
    mail: {
      ...mailSetupFor(reportVariables(app.config), mailConfigured(app.config)),
      status: readMailSyncStatus(app.db),
      synced: syncNotice(new URL(request.url).searchParams.get("synced")),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  const submission = parseWithZod(await readFormBody(request), { schema: founderSettingsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  saveFounderSettings(app.db, founderSettingsFromForm(submission.value), app.now());
  return redirect("/settings?saved=1#outreach-details");
}

function SourceNote({ source, defaultVariable, fallback }: { source: FounderSettingSource; defaultVariable: string; fallback: string }) {
  if (source === "saved")
    return <p className="muted setting-source">Saved here. Empty the field and save to go back to {defaultVariable}.</p>;
  if (source === "environment") return <p className="muted setting-source">Drafts use the default from {defaultVariable}.</p>;
  return <p className="muted setting-source">Not set: drafts show {fallback}.</p>;
}

function IntegrationCard({ integration }: { integration: Integration }) {
  return (
    <article className={`integration integration-${integration.state}`} aria-labelledby={`integration-${integration.key}`}>
      <h3 id={`integration-${integration.key}`}>
        {integration.name} <span className={`badge integration-status-${integration.state}`}>{integration.status}</span>
      </h3>
      <p>{integration.what}</p>
      <p>
        <strong>Without it:</strong> {integration.whenMissing}
      </p>
      <ul className="integration-variables">
        {integration.variables.map((variable) => (
          <li key={variable.name}>
            <code>{variable.name}</code> {variable.given ? "set" : "not set"}
            {variable.secret ? " · secret" : ""}
            {variable.note ? <span className="muted"> · {variable.note}</span> : null}
          </li>
        ))}
      </ul>
      <p className="muted">
        How to set: <code>{integration.howToSet}</code>
      </p>
    </article>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, founder, defaults } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: founderSettingsFormSchema }),
    defaultValue: { founder_name: saved.founderName ?? "", founder_pitch: saved.pitch ?? "", meeting_link: saved.meetingLink ?? "" },
  });
  const errorOf = (field: { errors?: string[]; errorId: string }) =>
    field.errors ? (
      <p className="field-error" id={field.errorId}>
        {field.errors[0]}
      </p>
    ) : null;

  return (
    <>
      <div className="page-head">
        <h1>Settings</h1>
        <p className="muted">
          Integrations are set with server environment variables (on Fly: <code>fly secrets set NAME=value</code>, then the app restarts).
          This page says which are set, never their values.
        </p>
      </div>

      <section className="panel" aria-labelledby="outreach-details">
        <h2 id="outreach-details">Your outreach details</h2>
        <p className="muted">
          Every outreach draft signs with your name, uses your pitch and offers your meeting link. Saved here, in the database.
        </p>
        {loaderData.notice && !actionData ? (
          <p className="notice notice-good" role="status">
            Saved. Drafts now use these details.
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="settings-form">
          <div>
            <label htmlFor={fields.founder_name.id}>Your name</label>
            <input
              {...getInputProps(fields.founder_name, { type: "text" })}
              placeholder={defaults.founderName ?? "The name you sign emails with"}
              autoComplete="name"
            />
            {errorOf(fields.founder_name)}
            <SourceNote
              source={founder.sources.founderName}
              defaultVariable="FOUNDER_NAME"
              fallback={loaderData.startupName ? `“The ${loaderData.startupName} team”` : "[your name]"}
            />
          </div>
          <div>
            <label htmlFor={fields.founder_pitch.id}>Your pitch, in one or two sentences</label>
            <textarea
              {...getTextareaProps(fields.founder_pitch)}
              rows={3}
              placeholder={defaults.pitch ?? "What you are building, for whom, and why now."}
            />
            {errorOf(fields.founder_pitch)}
            <SourceNote
              source={founder.sources.pitch}
              defaultVariable="FOUNDER_PITCH"
              fallback={loaderData.startupName ? `${loaderData.startupName}'s pitch` : "a placeholder for your pitch"}
            />
          </div>
          <div>
            <label htmlFor={fields.meeting_link.id}>Meeting link</label>
            <input
              {...getInputProps(fields.meeting_link, { type: "text" })}
              inputMode="url"
              placeholder={defaults.meetingLink ?? "https://cal.com/you/20min"}
            />
            {errorOf(fields.meeting_link)}
            <SourceNote source={founder.sources.meetingLink} defaultVariable="MEETING_LINK" fallback="“reply with a time that suits you”" />
          </div>
          <div className="form-actions">
            <button type="submit" className="button-primary" disabled={navigation.state === "submitting"}>
              Save outreach details
            </button>
          </div>
        </Form>
      </section>

      <TeamPanel team={loaderData.team} you={loaderData.you} />

      <section className="panel" aria-labelledby="exports-heading">
        <h2 id="exports-heading">Your data</h2>
        <ul className="exports">
          <li>
            <a href="/export.csv" download>
              Download investors (CSV)
            </a>{" "}
            — one row per investor: profile, status, last contact, your notes, score, action and signals. Opens in a spreadsheet and can be
            imported back.
          </li>
          <li>
            <a href="/export.json" download>
              Download everything (JSON)
            </a>{" "}
            — investors with your notes, contact history, signals and evidence; startups with their rubrics and scores; the outreach details
            saved here. For a backup, or for leaving.
          </li>
        </ul>
      </section>

      <MailPanel mail={loaderData.mail} />

      <CurrencyRates overrides={loaderData.rates.overrides} notice={loaderData.rates.notice} noticeCurrency={loaderData.rates.currency} />

      <DiscoveryAliases aliases={loaderData.aliases.list} notice={loaderData.aliases.notice} />

      <section className="panel" aria-labelledby="integrations-heading">
        <h2 id="integrations-heading">Integrations</h2>
        <p className="muted">All optional: each one says what you get and what happens without it.</p>
        <div className="integrations">
          {loaderData.integrations.map((integration) => (
            <IntegrationCard key={integration.key} integration={integration} />
          ))}
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Settings · Investor Pipeline" }];
