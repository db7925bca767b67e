import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
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
import { TOKENS_PER_MEMBER, createApiToken, listApiTokens, revokeApiToken, tokenName } from "../services/api-tokens.server.ts";
import { ApiTokens, type TokenOutcome } from "../components/api-tokens.tsx";
import { requestActor } from "../auth/guards.server.ts";
import type { Actor } from "../domain/people.ts";
import { positiveId } from "../domain/id.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp();
  const member = requestActor(context);
  const saved = readSavedFounderSettings(app.db);
  const signedIn = context.get(memberContext)!;
  return {
    // Who is on the team; the owner's invite and disable forms (decision 060).
    team: teamView(app, signedIn),
    you: signedIn.id,
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
    // The signed-in member's own API tokens, never another's (decision 063).
    tokens: {
      list: member.kind === "member" ? listApiTokens(app, member.memberId) : [],
      notice: new URL(request.url).searchParams.get("token"),
    },
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

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
  if (intent === "token_create" || intent === "token_revoke") return tokenAction(app, requestActor(context), intent, formData);
  const submission = parseWithZod(formData, { schema: founderSettingsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  saveFounderSettings(app.db, founderSettingsFromForm(submission.value), app.now());
  return redirect("/settings?saved=1#outreach-details");
}

/** "Your API tokens": make one (shown once, in this answer only, never stored or kept) or revoke one of your own. */
function tokenAction(app: ReturnType<typeof getApp>, actor: Actor, intent: "token_create" | "token_revoke", formData: FormData) {
  const noStore = { "cache-control": "no-store" };
  if (actor.kind !== "member") throw new Response("Sign in first.", { status: 401 });
  if (intent === "token_revoke") {
    const id = positiveId(String(formData.get("token_id") ?? ""));
    if (id === undefined || !revokeApiToken(app, actor.memberId, id)) {
      return data({ apiToken: { error: "You have no such token: it may be revoked already." } as TokenOutcome }, { status: 404 });
    }
    return redirect("/settings?token=revoked#api-tokens", 303);
  }
  const name = tokenName(formData.get("token_name"));
  if (name === null) return data({ apiToken: { error: "Give the token a name of 1 to 80 characters." } as TokenOutcome }, { status: 400 });
  const made = createApiToken(app, actor.memberId, name);
  if (made === "too_many") {
    return data(
      { apiToken: { error: `You have ${TOKENS_PER_MEMBER} tokens: revoke one you no longer use first.` } as TokenOutcome },
      { status: 400 },
    );
  }
  return data({ apiToken: { created: { name, token: made.token } } as TokenOutcome }, { headers: noStore });
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
  const tokenOutcome = actionData && "apiToken" in actionData ? (actionData.apiToken as TokenOutcome) : undefined;
  const [form, fields] = useForm({
    lastResult: actionData && !("apiToken" in actionData) ? actionData : undefined,
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
          This page says which are set, never their values. Your own name, email and phone are on <Link to="/settings/you">You</Link>.
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

      <ApiTokens tokens={loaderData.tokens.list} notice={loaderData.tokens.notice} outcome={tokenOutcome} />

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

// The answer that shows a new API token is never stored by a cache (decision 063).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;
