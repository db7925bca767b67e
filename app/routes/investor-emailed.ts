import { redirect } from "react-router";
import type { Route } from "./+types/investor-emailed";
import { countContacts } from "#db/queries/contacts.server.ts";
import { editInvestor, getInvestor } from "#db/queries/investors.server.ts";
import { getApp } from "../app.server.ts";
import { sideOf } from "../auth/guards.server.ts";
import { pageId } from "../http/api-error.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { demoEditRefusal } from "../domain/demo-bounds.ts";
import { emailedEdit } from "../domain/investor-edit.ts";
import { rescoreInvestorsForStartups } from "../services/startups.server.ts";

/**
 * Today's one-click "Emailed" (POST /investors/:id/emailed and /demo/investors/:id/emailed):
 * records the contact through the investor edit and goes back to the dashboard, which then no
 * longer lists the investor as one to email. A plain form post, so it works without JavaScript.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const id = pageId(params.id);
  const investor = getInvestor(app.db, id, demo);
  if (!investor) throw new Response("Not found", { status: 404 });
  const now = app.now();
  const edit = emailedEdit(investor.relationshipStatus, now.toISOString().slice(0, 10));
  // A demo investor's history is bounded: past it, the dashboard says so instead (a 303 like a success).
  if (demo && demoEditRefusal(edit, countContacts(app.db, id))) return redirect("/demo?done=demo_full#today", 303);
  editInvestor(app.db, id, edit, { now, rules: app.rules, demo });
  if (!demo) rescoreInvestorsForStartups(app, [id]);
  return redirect(`${demo ? "/demo" : "/"}?emailed=${id}#today`, 303);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const demo = new URL(request.url).pathname.startsWith("/demo/");
  return redirect(`${demo ? "/demo" : ""}/investors/${pageId(params.id)}`);
}
