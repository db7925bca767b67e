import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/investor";
import { loadFounderSettings, readDraftStartup } from "#db/queries/founder-settings.server.ts";
import { countContacts } from "#db/queries/contacts.server.ts";
import { getInvestorDetail } from "#db/queries/investors.server.ts";
import { readInvestorMail } from "#db/queries/mail.server.ts";
import { startupScoresFor } from "#db/queries/startups.server.ts";
import { getApp } from "../app.server.ts";
import { pageId } from "../http/api-error.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { requestActor, sideActor, sideOf } from "../auth/guards.server.ts";
import { InvestorDetail } from "../components/investor/investor-detail.tsx";
import { DeleteOrMerge } from "../components/investor/delete-or-merge.tsx";
import { ProfileForm } from "../components/investor/profile-form.tsx";
import { InvestorTimeline } from "../components/investor/timeline.tsx";
import { timelineOf } from "../services/activity.server.ts";
import { deckForDraft } from "../services/deck-signals.server.ts";
import { PROFILE_FORM_WORDS, profileFormDefaults, profileFormSchema } from "../domain/investor-profile.ts";
import { positiveId } from "../domain/id.ts";
import { DEMO_NOT_DELETED, deleteRealInvestor, mergeCandidates, mergeRealInvestors } from "../services/investor-profile.server.ts";
import { demoEditRefusal } from "../domain/demo-bounds.ts";
import { loadTownsFor } from "../services/towns.server.ts";
import { amountRoundRefusal, amountRounds } from "../services/round.server.ts";
import { ownerChoices, ownerRefusal } from "../services/team.server.ts";
import { founderErrors } from "../domain/form-messages.ts";
import { EDIT_FORM_FIELDS, INVESTOR_EDIT_WORDS, editFromForm, investorEditFormSchema } from "../domain/investor-edit.ts";
import { draftOutreach } from "../domain/outreach.ts";
import { decayWeight, evidenceAgeDays } from "../domain/scoring.ts";
import { isUndoToken } from "../domain/undo.ts";
import { type Answered, type StepAnswered, answeredParam, answeredText, stepErrorParam, stepToAnswer } from "../domain/next-step-answer.ts";
import { NextStepQuestion } from "../components/next-step-question.tsx";
import { UndoNotice, answeredRecord } from "../components/undo-notice.tsx";
import { readFormBody } from "../http/form-body.server.ts";
import { type ConflictReport, conflictSentence, editUnlessStale } from "../services/edit-conflicts.server.ts";
import { versionFromForm } from "../domain/conflict.ts";
import type { ConflictView } from "../components/investor/edit-conflict.tsx";
import { IntroPathsPanel } from "../components/investor/intro-paths.tsx";
import { InvestorDeckLink } from "../components/deck-links.tsx";
import { investorDeckLinks } from "../services/deck-links.server.ts";
import { INTRO_FORM_WORDS, introAddFormSchema, introRemoveFormSchema, introStateFormSchema } from "../domain/intro-input.ts";
import { addIntroPathByHand, introKnownByChoices, introPathsPanel, moveIntro, removeIntro } from "../services/intro-paths.server.ts";
import { pathsMatter } from "../domain/warm-path.ts";
import { STATUS_LABELS } from "../domain/investor.ts";

/** A refused edit as the page shows it, with the version to save against if the founder keeps theirs. */
function conflictView(report: ConflictReport): ConflictView & { version: number } {
  return { sentence: conflictSentence(report), values: report.values, version: report.version };
}

/** The most mail contacts the investor page lists (the count says how many there are). */
const INVESTOR_MAIL_SHOWN = 50;

function loggedParam(value: string | null): number | null {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** After an undo from this page: `?unlogged=N` (that many emails to log again), `?undone=<id>` (a next step's answer) or `?undone=expired`. */
function undoneParam(params: URLSearchParams): { unlogged: number } | { name: null } | "expired" | null {
  if (params.get("undone") === "expired") return "expired";
  const unlogged = loggedParam(params.get("unlogged"));
  if (unlogged) return { unlogged };
  // An answered next step taken back (decision 053): nothing of the answer is recorded any more.
  return positiveId(params.get("undone") ?? "") !== undefined ? { name: null } : null;
}

/** What an answer on this page kept, with the token that undoes it; null without one. */
function answeredOfInvestor(
  investor: { nextStep: string | null; nextStepDate: string | null },
  how: StepAnswered | null,
  undo: string | null,
): { answered: Answered; undo: string | null } | null {
  if (!how) return null;
  const answered: Answered = how === "done" ? { how } : { how, text: investor.nextStep, date: investor.nextStepDate };
  return { answered, undo: isUndoToken(undo) ? undo : null };
}

/** `?history=N`: which page of the contact history to show (1, the newest, when absent or odd). */
function historyParam(value: string | null): number {
  return value !== null && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

// One module for /investors/:id and /demo/investors/:id; the path decides which rows it may see.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  const url = new URL(request.url);
  const detail = getInvestorDetail(app.db, pageId(params.id), demo, historyParam(url.searchParams.get("history")));
  if (!detail) throw new Response("Not found", { status: 404 });
  const now = app.now();
  return {
    ...detail,
    evidence: detail.evidence.map((item) => {
      const ageDays = evidenceAgeDays({ published_at: item.publishedAt, found_at: item.foundAt }, now);
      return { ...item, ageDays, weight: decayWeight(ageDays, app.rules.halfLifeDays) };
    }),
    halfLifeDays: app.rules.halfLifeDays,
    // Who changed what, merged with the contact history, in words (decision 061).
    timeline: timelineOf(app, detail.investor.id),
    // The demo is open to anyone: its drafts show placeholders, never the founder's own details.
    // The deck's views make the draft when they made the follow-up due; the investor's own link goes in (decision 068).
    outreach: draftOutreach(
      { ...detail.investor, ...deckForDraft(app, detail.investor.id, url.origin) },
      {
        founder: demo ? {} : loadFounderSettings(app.db, app.config),
        // What /settings leaves empty comes from the startup raising now (the demo's own startup on the demo).
        raising: readDraftStartup(app.db, demo),
        now,
        followUpAfterDays: app.rules.followUpAfterDays,
      },
    ),
    saved: url.searchParams.get("saved") === "1",
    savedProfile: url.searchParams.get("saved") === "profile",
    merged: url.searchParams.get("saved") === "merged",
    // The profile form's text, made here: reading it back needs the place names, kept off the browser.
    profileText: profileFormDefaults(detail.investor),
    // Delete and merge are the founder's own (decision 026): the demo shows neither.
    mergeQuery: demo ? "" : (url.searchParams.get("merge_query") ?? "").slice(0, 200),
    mergeCandidates: demo ? [] : mergeCandidates(app, detail.investor.id, (url.searchParams.get("merge_query") ?? "").slice(0, 200)),
    // Mail capture: this investor's messages, newest first (decision 014), and how many a "Log" just recorded.
    mail: readInvestorMail(app.db, detail.investor.id, INVESTOR_MAIL_SHOWN),
    logged: loggedParam(url.searchParams.get("logged")),
    // The token that undoes that "Log", and what its undo did (decision 036).
    undo:
      (loggedParam(url.searchParams.get("logged")) ?? 0) > 0 && isUndoToken(url.searchParams.get("undo"))
        ? url.searchParams.get("undo")
        : null,
    undone: undoneParam(url.searchParams),
    // After a contact: the next step it acted on, to ask about; after the answer, what it kept and its undo (decision 053).
    askStep:
      url.searchParams.get("ask") === "step"
        ? stepToAnswer({
            relationship_status: detail.investor.relationshipStatus,
            last_contact_date: detail.investor.lastContactDate,
            next_step: detail.investor.nextStep,
            next_step_date: detail.investor.nextStepDate,
          })
        : null,
    stepError: stepErrorParam(url.searchParams.get("step_error")),
    answered: answeredOfInvestor(detail.investor, answeredParam(url.searchParams.get("answered")), url.searchParams.get("undo")),
    today: now.toISOString().slice(0, 10),
    startupScores: demo ? [] : startupScoresFor(app.db, detail.investor.id),
    amountRounds: amountRounds(app, demo),
    // Whom the "Owner" select offers (decision 062): the side's live members.
    owners: ownerChoices(app, demo, detail.investor.ownerMemberId),
    // Who can introduce the team, each with the draft to them (decision 065).
    introPaths: introPathsPanel(app, detail.investor, demo),
    introMembers: introKnownByChoices(app, demo, sideActor(context, demo)),
    introSaved: introSavedWords(url.searchParams.get("intro")),
    // The investor's deck link (decision 068): real side only, the demo has none.
    deckLink: demo ? null : investorDeckLinks(app, detail.investor.id, url.origin),
    deckLinkNotice: url.searchParams.get("deck_link_notice"),
    deckLinkError: url.searchParams.get("deck_link_error"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const id = pageId(params.id);
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
  const here = `${demo ? "/demo" : ""}/investors/${id}`;
  if (intent === "profile") {
    await loadTownsFor(String(formData.get("based_in") ?? ""), String(formData.get("geographies") ?? ""));
    const submission = parseWithZod(formData, { schema: profileFormSchema, ...founderErrors(PROFILE_FORM_WORDS) });
    if (submission.status !== "success") return data({ form: "profile" as const, result: submission.reply() }, { status: 400 });
    const outcome = editUnlessStale(app, sideActor(context, demo), id, submission.value, demo, versionFromForm(formData.get("version")));
    if (outcome === "not_found") throw new Response("Not found", { status: 404 });
    if (outcome !== "saved")
      return data({ form: "profile" as const, result: submission.reply(), conflict: conflictView(outcome) }, { status: 409 });
    return redirect(`${here}?saved=profile#profile`);
  }
  if (intent === "intro_add" || intent === "intro_state" || intent === "intro_remove") {
    return introAction(app, sideActor(context, demo), id, demo, formData, here);
  }
  if (intent === "delete" || intent === "merge") {
    const form: "delete" | "merge" = intent;
    const refuse = (message: string) => data({ form, message }, { status: 400 });
    if (demo) return refuse(DEMO_NOT_DELETED);
    if (formData.get("confirm") !== "yes") {
      return refuse(intent === "delete" ? "Tick the box to confirm the delete." : "Tick the box to confirm the merge.");
    }
    if (intent === "delete") {
      if (!deleteRealInvestor(app, requestActor(context), id)) throw new Response("Not found", { status: 404 });
      return redirect("/");
    }
    const otherId = positiveId(String(formData.get("other_id") ?? ""));
    if (otherId === undefined || otherId === id) return refuse("Choose the investor to merge into this one.");
    if (!mergeRealInvestors(app, requestActor(context), id, otherId).merged)
      return refuse("That investor is no longer on your list: search again.");
    return redirect(`${here}?saved=merged`);
  }
  // The form carries the values it was loaded with (`original.*`), read raw: an empty one is "".
  const original: Partial<Record<(typeof EDIT_FORM_FIELDS)[number], string>> = {};
  for (const name of EDIT_FORM_FIELDS) {
    const value = formData.get(`original.${name}`);
    if (typeof value === "string") original[name] = value;
  }
  const submission = parseWithZod(formData, { schema: investorEditFormSchema, ...founderErrors(INVESTOR_EDIT_WORDS) });
  if (submission.status !== "success") return data({ form: "notes" as const, result: submission.reply() }, { status: 400 });
  const edit = editFromForm(submission.value, original);
  const notARound = amountRoundRefusal(app, edit, demo);
  if (notARound) {
    return data({ form: "notes" as const, result: submission.reply({ fieldErrors: { amount_startup_id: [notARound] } }) }, { status: 400 });
  }
  const notAMember = ownerRefusal(app, edit, demo);
  if (notAMember) {
    return data({ form: "notes" as const, result: submission.reply({ fieldErrors: { owner_member_id: [notAMember] } }) }, { status: 400 });
  }
  if (demo) {
    // The demo's bounds, said on the form (a 400 like any other mistake, with or without JavaScript).
    const refusal = demoEditRefusal(edit, countContacts(app.db, id));
    if (refusal) {
      return data(
        {
          form: "notes" as const,
          result: submission.reply(
            refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] },
          ),
        },
        { status: 400 },
      );
    }
  }
  // The version the page was loaded with (decision 063): a newer change to what this edit changes refuses it.
  const outcome = editUnlessStale(app, sideActor(context, demo), id, edit, demo, versionFromForm(formData.get("version")));
  if (outcome === "not_found") throw new Response("Not found", { status: 404 });
  if (outcome !== "saved")
    return data({ form: "notes" as const, result: submission.reply(), conflict: conflictView(outcome) }, { status: 409 });
  // A contact logged without touching the next step: the page asks whether a step it acted on is done (decision 053).
  const ask = edit.add_contact && edit.next_step === undefined && edit.next_step_date === undefined ? "&ask=step" : "";
  // Not request.url's path: a submission with JavaScript arrives at `/investors/:id.data`.
  return redirect(`${here}?saved=1${ask}${ask ? "#notes" : ""}`);
}

const INTRO_SAVED: Record<string, string> = {
  added: "Intro path added.",
  known: "That person is already a path to this investor.",
  moved: "Intro moved.",
  removed: "Intro path removed.",
};

function introSavedWords(value: string | null): string | null {
  return value === null ? null : (INTRO_SAVED[value] ?? null);
}

/** The intro paths panel's forms (decision 065): add a path, move an intro, remove a path; back to the panel. */
function introAction(
  app: ReturnType<typeof getApp>,
  actor: ReturnType<typeof sideActor>,
  id: number,
  demo: boolean,
  formData: FormData,
  here: string,
) {
  const back = (what: string) => redirect(`${here}?intro=${what}#intro-paths`);
  const intent = formData.get("intent");
  if (intent === "intro_add") {
    const submission = parseWithZod(formData, { schema: introAddFormSchema, ...founderErrors(INTRO_FORM_WORDS) });
    if (submission.status !== "success") return data({ form: "intro" as const, result: submission.reply() }, { status: 400 });
    const outcome = addIntroPathByHand(app, actor, id, demo, submission.value);
    if ("notFound" in outcome) throw new Response("Not found", { status: 404 });
    if ("refused" in outcome)
      return data(
        { form: "intro" as const, result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.refused] } }) },
        { status: 400 },
      );
    return back(outcome.ok.added ? "added" : "known");
  }
  if (intent === "intro_state") {
    // The radios ride along with every button: they count only for "introduced".
    if (formData.get("state") !== "introduced") formData.delete("investor_status");
    const submission = parseWithZod(formData, { schema: introStateFormSchema, ...founderErrors(INTRO_FORM_WORDS) });
    const pathId = Number(formData.get("path_id"));
    if (submission.status !== "success") {
      const message = Object.values(submission.reply().error ?? {}).flat()[0] ?? "Choose a state.";
      return data({ form: "intro_state" as const, pathId, message }, { status: 400 });
    }
    const outcome = moveIntro(app, actor, submission.value.path_id, demo, submission.value);
    if ("notFound" in outcome)
      return data({ form: "intro_state" as const, pathId, message: INTRO_FORM_WORDS.path_id.invalid }, { status: 404 });
    if ("refused" in outcome) return data({ form: "intro_state" as const, pathId, message: outcome.refused }, { status: 400 });
    return back("moved");
  }
  const submission = parseWithZod(formData, { schema: introRemoveFormSchema, ...founderErrors(INTRO_FORM_WORDS) });
  // A path already gone (removed in another tab) is what was asked: said as removed, like the first time.
  if (submission.status === "success") removeIntro(app, actor, submission.value.path_id, demo);
  return back("removed");
}

export default function InvestorPage({ loaderData, actionData }: Route.ComponentProps) {
  const investor = loaderData.investor;
  // A save refused because a newer change clashed with it (decision 063), on the form that made it.
  const refusedOn = (form: "notes" | "profile") =>
    actionData?.form === form && "conflict" in actionData ? (actionData.conflict as ReturnType<typeof conflictView>) : undefined;
  return (
    <>
      {loaderData.merged ? (
        <p className="notice notice-good" role="status">
          Merged: {investor.name} now holds the other investor's contacts, evidence, mail and notes, and is re-scored.
        </p>
      ) : null}
      <InvestorDetail
        key={loaderData.investor.updatedAt}
        investor={loaderData.investor}
        evidence={loaderData.evidence}
        contacts={loaderData.contacts}
        contactHistory={loaderData.contactHistory}
        halfLifeDays={loaderData.halfLifeDays}
        outreach={loaderData.outreach}
        startupScores={loaderData.startupScores}
        amountRounds={loaderData.amountRounds}
        owners={loaderData.owners}
        mail={loaderData.mail}
        logged={loaderData.logged}
        undo={loaderData.undo}
        undone={loaderData.undone}
        today={loaderData.today}
        lastResult={actionData?.form === "notes" && "result" in actionData ? actionData.result : undefined}
        conflict={refusedOn("notes")}
        saved={loaderData.saved && !actionData}
        afterSave={<AfterSave loaderData={loaderData} basePath={investor.isDemo ? "/demo" : ""} />}
      />
      <IntroPathsPanel
        paths={loaderData.introPaths}
        members={loaderData.introMembers}
        today={loaderData.today}
        saved={actionData ? null : loaderData.introSaved}
        inTouch={pathsMatter(investor.relationshipStatus) ? undefined : STATUS_LABELS[investor.relationshipStatus]}
        lastResult={actionData?.form === "intro" && "result" in actionData ? actionData.result : undefined}
        stateError={
          actionData?.form === "intro_state" && "pathId" in actionData
            ? { pathId: actionData.pathId, message: actionData.message }
            : undefined
        }
      />
      {loaderData.deckLink ? (
        <InvestorDeckLink
          investorId={investor.id}
          decks={loaderData.deckLink.decks}
          links={loaderData.deckLink.links}
          notice={loaderData.deckLinkNotice}
          error={loaderData.deckLinkError}
        />
      ) : null}
      <InvestorTimeline lines={loaderData.timeline} />
      <ProfileForm
        key={`profile-${investor.updatedAt}`}
        text={loaderData.profileText}
        lastResult={actionData?.form === "profile" && "result" in actionData ? actionData.result : undefined}
        conflict={refusedOn("profile")}
        version={investor.version}
        saved={loaderData.savedProfile && !actionData}
      />
      {investor.isDemo ? (
        <p className="muted small">On your own list you can also merge a duplicate into an investor, or delete one.</p>
      ) : (
        <DeleteOrMerge
          investor={investor}
          query={loaderData.mergeQuery}
          candidates={loaderData.mergeCandidates}
          error={actionData && "message" in actionData && actionData.form !== "intro_state" ? actionData : undefined}
        />
      )}
    </>
  );
}

/** "Is the next step done?" after a contact was saved, or what the answer kept with its "Undo" (decision 053). */
function AfterSave({ loaderData, basePath }: { loaderData: Route.ComponentProps["loaderData"]; basePath: string }) {
  const investor = loaderData.investor;
  if (loaderData.answered) {
    const now = new Date(`${loaderData.today}T12:00:00Z`);
    return (
      <UndoNotice
        recorded={answeredRecord(answeredText(loaderData.answered.answered, now))}
        undo={loaderData.answered.undo}
        undone={null}
        undoPath={`${basePath}/undo`}
        investor={investor.id}
        className="investor-notice"
      />
    );
  }
  if (!loaderData.askStep || !loaderData.saved) return null;
  return (
    <NextStepQuestion
      id={investor.id}
      name={investor.name}
      step={loaderData.askStep}
      error={loaderData.stepError}
      action={`${basePath}/investors/${investor.id}/next-step`}
      undo={null}
      back="investor"
      today={loaderData.today}
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.investor.name ?? "Investor"} · Investor Pipeline` }];
