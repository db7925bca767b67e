import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/investor";
import { loadFounderSettings } from "#db/queries/founder-settings.server.ts";
import { countContacts } from "#db/queries/contacts.server.ts";
import { editInvestor, getInvestorDetail } from "#db/queries/investors.server.ts";
import { readInvestorMail } from "#db/queries/mail.server.ts";
import { startupScoresFor } from "#db/queries/startups.server.ts";
import { getApp } from "../app.server.ts";
import { pageId } from "../http/api-error.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { sideOf } from "../auth/guards.server.ts";
import { rescoreInvestorsForStartups } from "../services/startups.server.ts";
import { InvestorDetail } from "../components/investor/investor-detail.tsx";
import { demoEditRefusal } from "../domain/demo-bounds.ts";
import { founderErrors } from "../domain/form-messages.ts";
import { EDIT_FORM_FIELDS, INVESTOR_EDIT_WORDS, editFromForm, investorEditFormSchema } from "../domain/investor-edit.ts";
import { draftOutreach } from "../domain/outreach.ts";
import { decayWeight, evidenceAgeDays } from "../domain/scoring.ts";
import { readFormBody } from "../http/form-body.server.ts";

/** The most mail contacts the investor page lists (the count says how many there are). */
const INVESTOR_MAIL_SHOWN = 50;

function loggedParam(value: string | null): number | null {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
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
    // The demo is open to anyone: its drafts show placeholders, never the founder's own details.
    outreach: draftOutreach(detail.investor, {
      founder: demo ? {} : loadFounderSettings(app.db, app.config),
      now,
      followUpAfterDays: app.rules.followUpAfterDays,
    }),
    saved: url.searchParams.get("saved") === "1",
    // Mail capture: this investor's messages, newest first (decision 014), and how many a "Log" just recorded.
    mail: readInvestorMail(app.db, detail.investor.id, INVESTOR_MAIL_SHOWN),
    logged: loggedParam(url.searchParams.get("logged")),
    today: now.toISOString().slice(0, 10),
    startupScores: demo ? [] : startupScoresFor(app.db, detail.investor.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const id = pageId(params.id);
  const formData = await readFormBody(request);
  // The form carries the values it was loaded with (`original.*`), read raw: an empty one is "".
  const original: Partial<Record<(typeof EDIT_FORM_FIELDS)[number], string>> = {};
  for (const name of EDIT_FORM_FIELDS) {
    const value = formData.get(`original.${name}`);
    if (typeof value === "string") original[name] = value;
  }
  const submission = parseWithZod(formData, { schema: investorEditFormSchema, ...founderErrors(INVESTOR_EDIT_WORDS) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const edit = editFromForm(submission.value, original);
  if (demo) {
    // The demo's bounds, said on the form (a 400 like any other mistake, with or without JavaScript).
    const refusal = demoEditRefusal(edit, countContacts(app.db, id));
    if (refusal) {
      return data(
        submission.reply(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] }),
        { status: 400 },
      );
    }
  }
  const found = editInvestor(app.db, id, edit, { now: app.now(), rules: app.rules, demo });
  if (!found) throw new Response("Not found", { status: 404 });
  if (!demo) rescoreInvestorsForStartups(app, [id]);
  // Not request.url's path: a submission with JavaScript arrives at `/investors/:id.data`.
  return redirect(`${demo ? "/demo" : ""}/investors/${id}?saved=1`);
}

export default function InvestorPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <InvestorDetail
      key={loaderData.investor.updatedAt}
      investor={loaderData.investor}
      evidence={loaderData.evidence}
      contacts={loaderData.contacts}
      contactHistory={loaderData.contactHistory}
      halfLifeDays={loaderData.halfLifeDays}
      outreach={loaderData.outreach}
      startupScores={loaderData.startupScores}
      mail={loaderData.mail}
      logged={loaderData.logged}
      today={loaderData.today}
      lastResult={actionData}
      saved={loaderData.saved && !actionData}
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.investor.name ?? "Investor"} · Investor Pipeline` }];
