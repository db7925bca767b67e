import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/startup";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { pageId } from "../http/api-error.ts";
import { OutreachDraftView } from "../components/outreach-draft.tsx";
import { RoundForm } from "../components/round-form.tsx";
import { DeckSection } from "../components/deck-section.tsx";
import { StartupDeckLinks } from "../components/deck-links.tsx";
import { STAGES, STAGE_LABELS, type Stage } from "../domain/investor.ts";
import { draftOutreach } from "../domain/outreach.ts";
import type { RubricInvestor } from "../domain/rubric/match.ts";
import { RUBRIC_WEIGHT_KEYS, type Rubric } from "../domain/rubric/schema.ts";
import { rankForStartup } from "../domain/rubric/startup-ranking.ts";
import { founderErrors } from "../domain/form-messages.ts";
import { RUBRIC_FORM_WORDS, RUBRIC_WEIGHT_LABELS, rubricFormSchema, rubricFromFields } from "../domain/startup-forms.ts";
import { editRubric, evaluateStartup, regenerateRubric, removeStartup } from "../services/startups.server.ts";
import { StartupRanking } from "../components/startup-ranking.tsx";
import { RANKING_LISTS } from "../domain/rubric/ranking-pages.ts";
import { startupExists, startupPage } from "../services/startup-page.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { type NoticeTone, evaluateNotice, toneOf } from "../domain/service-state.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  // One page of each of the ranking's lists, never every investor (decision 071).
  const page = startupPage(getApp(), pageId(params.id), new URL(request.url));
  if (!page) throw new Response("Not found", { status: 404 });
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const id = pageId(params.id);
  if (!startupExists(app, id)) throw new Response("Not found", { status: 404 });
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
  const back = (notice: string, tone: NoticeTone = "good") =>
    redirect(`/startups/${id}?notice=${encodeURIComponent(notice)}${tone === "good" ? "" : `&tone=${tone}`}`);
  if (intent === "delete") {
    await removeStartup(app, requestActor(context), id);
    return redirect("/startups");
  }
  if (intent === "evaluate") {
    const notice = evaluateNotice(await evaluateStartup(app, id));
    return back(notice.text, notice.tone);
  }
  if (intent === "regenerate") {
    const result = await regenerateRubric(app, requestActor(context), id);
    return back(result.message ?? "A new rubric was drafted by the model.", toneOf(result.model_status));
  }
  const submission = parseWithZod(formData, { schema: rubricFormSchema, ...founderErrors(RUBRIC_FORM_WORDS) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await editRubric(app, requestActor(context), id, submission.value);
  return back(
    result.rescoring
      ? `Rubric saved; ${result.rescored} investors are being re-ranked (Today shows how far it is).`
      : `Rubric saved; ${result.rescored} investors re-ranked.`,
  );
}

export default function StartupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { startup, rules, founder } = loaderData;
  const navigation = useNavigation();
  const [rubric, setRubric] = useState<Rubric>(loaderData.rubric);
  // A new rubric version (the ask saved, a regenerate) replaces what the live ranking and the form show.
  const [shownVersion, setShownVersion] = useState(loaderData.version);
  if (shownVersion !== loaderData.version) {
    setShownVersion(loaderData.version);
    setRubric(loaderData.rubric);
  }
  const [form] = useForm({
    id: `rubric-${loaderData.version}`,
    lastResult: actionData,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rubricFormSchema, ...founderErrors(RUBRIC_FORM_WORDS) }),
  });

  // The same rules as the server, run here as a weight changes: the investors shown move without a reload.
  const { ranking } = loaderData;
  const lists = useMemo(() => {
    const rank = (inputs: (typeof ranking)["active"]["inputs"]) =>
      rankForStartup(
        inputs.map((row) => ({ ...row, investor: row.investor as typeof row.investor & RubricInvestor })),
        { name: startup.name, stage: startup.stage, rubric },
        new Date(loaderData.now),
        rules,
      );
    return Object.fromEntries(RANKING_LISTS.map((list) => [list, { ...ranking[list], rows: rank(ranking[list].inputs) }])) as {
      [List in keyof typeof ranking]: (typeof ranking)[List] & { rows: ReturnType<typeof rank> };
    };
  }, [ranking, rubric, rules, loaderData.now, startup.name, startup.stage]);
  const location = useLocation();

  // After a refused save without JavaScript the page is drawn again: show what was typed, not the saved rubric.
  const typed = (actionData as { initialValue?: Record<string, unknown> } | undefined)?.initialValue ?? undefined;
  const shown = (name: string, saved: string | number | undefined): string | number => {
    if (!typed) return saved ?? "";
    const value = name.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], typed);
    return typeof value === "string" ? value : "";
  };
  const stageShown = (stage: Stage) => (typed ? [typed.stages].flat().includes(stage) : loaderData.rubric.stages.includes(stage));

  // Drafts for the first three to email among the investors shown (the top of the ranking on its first page).
  const drafts = RANKING_LISTS.flatMap((list) => lists[list].rows)
    .filter((entry) => entry.result.action === "email_first")
    .slice(0, 3);

  return (
    <>
      <div className="page-head">
        <h1>
          {startup.name}{" "}
          {loaderData.source === "default" ? (
            <span className="badge badge-default">Default rubric</span>
          ) : (
            <span className="badge">Model rubric</span>
          )}
        </h1>
        <p className="muted">
          {startup.sector} · {STAGE_LABELS[startup.stage]}
          {startup.geography ? ` · ${startup.geography}` : ""} · rubric version {loaderData.version}
        </p>
      </div>
      {loaderData.notice ? (
        <p className={`notice notice-${loaderData.noticeTone}`} role="status">
          {loaderData.notice}
        </p>
      ) : null}

      <RoundForm round={startup} several={loaderData.round.several} refused={loaderData.round.refused} />

      <DeckSection
        startupId={startup.id}
        deck={loaderData.deck}
        notice={loaderData.deckNotice}
        error={loaderData.deckError}
        checkedAt={loaderData.now}
      />
      <StartupDeckLinks
        startupId={startup.id}
        links={loaderData.deckLinks}
        canMake={loaderData.deck.shown !== null}
        notice={loaderData.deckLinkNotice}
        error={loaderData.deckLinkError}
      />

      <div className="detail-grid">
        <section className="panel" aria-labelledby="rubric-heading">
          <h2 id="rubric-heading">Rubric</h2>
          <Form
            key={loaderData.version}
            method="post"
            {...getFormProps(form)}
            className="rubric-form"
            onChange={(event) => {
              const next = rubricFromFields(new FormData(event.currentTarget));
              if (next) setRubric(next);
            }}
          >
            <fieldset>
              <legend>Weights (0–10)</legend>
              <div className="weights">
                {RUBRIC_WEIGHT_KEYS.map((key) => (
                  <div key={key}>
                    <label htmlFor={`weight-${key}`}>
                      {RUBRIC_WEIGHT_LABELS[key]}
                      <span className="weight-value">{rubric.weights[key]}</span>
                    </label>
                    <input
                      id={`weight-${key}`}
                      name={`weights.${key}`}
                      type="number"
                      min={0}
                      max={10}
                      step={0.5}
                      defaultValue={shown(`weights.${key}`, loaderData.rubric.weights[key])}
                    />
                  </div>
                ))}
              </div>
            </fieldset>
            <label htmlFor="sector_keywords">Sector keywords</label>
            <input
              id="sector_keywords"
              name="sector_keywords"
              type="text"
              defaultValue={shown("sector_keywords", loaderData.rubric.sector_keywords.join("; "))}
            />
            <fieldset>
              <legend>Stages</legend>
              {STAGES.map((stage) => (
                <label key={stage} className="inline">
                  <input type="checkbox" name="stages" value={stage} defaultChecked={stageShown(stage)} /> {STAGE_LABELS[stage]}
                </label>
              ))}
            </fieldset>
            <label htmlFor="geographies">Geographies</label>
            <input
              id="geographies"
              name="geographies"
              type="text"
              defaultValue={shown("geographies", loaderData.rubric.geographies.join("; "))}
            />
            <div className="add-contact row">
              <div>
                <label htmlFor="check_min">Smallest check (USD)</label>
                <input id="check_min" name="check_min" type="text" defaultValue={shown("check_min", loaderData.rubric.check_size.min)} />
              </div>
              <div>
                <label htmlFor="check_max">Largest check (USD)</label>
                <input id="check_max" name="check_max" type="text" defaultValue={shown("check_max", loaderData.rubric.check_size.max)} />
              </div>
              <div>
                <label htmlFor="email_first">Email first at score</label>
                <input
                  id="email_first"
                  name="email_first"
                  type="number"
                  min={0}
                  max={100}
                  defaultValue={shown("email_first", loaderData.rubric.thresholds.email_first)}
                />
              </div>
              <div>
                <label htmlFor="dont_chase">Don't chase under score</label>
                <input
                  id="dont_chase"
                  name="dont_chase"
                  type="number"
                  min={0}
                  max={100}
                  defaultValue={shown("dont_chase", loaderData.rubric.thresholds.dont_chase)}
                />
              </div>
            </div>
            {Object.entries(form.allErrors).flatMap(([name, errors]) =>
              name && errors[0]
                ? [
                    <p key={name} className="field-error">
                      {errors[0]}
                    </p>,
                  ]
                : [],
            )}
            {form.errors ? <p className="form-error">{form.errors[0]}</p> : null}
            <button type="submit" name="intent" value="save" className="button-primary" disabled={navigation.state === "submitting"}>
              Save rubric
            </button>
          </Form>
          <div className="button-row">
            <Form method="post">
              <button type="submit" name="intent" value="evaluate" className="button-secondary">
                Evaluate evidence
              </button>
            </Form>
            <Form method="post">
              <button type="submit" name="intent" value="regenerate" className="button-secondary">
                Regenerate rubric
              </button>
            </Form>
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(`Delete ${startup.name}? Its rubric and rankings go; your investors and evidence stay.`))
                  event.preventDefault();
              }}
            >
              <button type="submit" name="intent" value="delete" className="button-danger">
                Delete startup
              </button>
            </Form>
          </div>
        </section>

        <StartupRanking
          startupName={startup.name}
          lists={lists}
          pathname={location.pathname}
          search={location.search}
          emailFirstAt={rubric.thresholds.email_first}
          severalStartups={loaderData.startupCount > 1}
          raisingNow={loaderData.raisingNow}
        />
      </div>

      {drafts.length ? (
        <section className="panel" aria-labelledby="drafts-heading">
          <h2 id="drafts-heading">Outreach drafts for {startup.name}</h2>
          {drafts.map(({ row }) => (
            <details key={row.investor.id}>
              <summary>{row.investor.name}</summary>
              <OutreachDraftView
                id={`draft-${row.investor.id}`}
                draft={draftOutreach(
                  {
                    name: row.investor.name,
                    firm: row.investor.firm,
                    email: row.investor.email,
                    relationshipStatus: row.investor.relationship_status,
                    lastContactDate: row.investor.last_contact_date,
                    signalHook: row.investor.signal_hook,
                    nextStep: row.investor.next_step,
                    nextStepDate: row.investor.next_step_date,
                    meetingDate: row.investor.meeting_date,
                  },
                  {
                    founder,
                    startup: {
                      name: startup.name,
                      pitch: startup.pitch,
                      stage: startup.stage,
                      roleWanted: startup.roleWanted,
                      roundSize: startup.roundSize,
                      roundCurrency: startup.roundCurrency,
                    },
                    now: new Date(loaderData.now),
                    followUpAfterDays: rules.followUpAfterDays,
                  },
                )}
              />
            </details>
          ))}
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.startup.name ?? "Startup"} · Investor Pipeline` }];
