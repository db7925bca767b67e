import type { Route } from "./+types/investor";
import { editInvestor, getInvestor, getInvestorDetail, investorJson } from "#db/queries/investors.server.ts";
import { getApp } from "../../app.server.ts";
import { hasAdminPasscode, hasSession } from "../../auth/guards.server.ts";
import { investorEditSchema } from "../../domain/investor.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { limitDemoWrites } from "../../http/demo-limit.server.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { rescoreInvestorsForStartups } from "../../jobs/startups.server.ts";

/**
 * Route #9: edit the four user-owned columns. Strict body: any other key is a 400 that names
 * it and nothing is written. A demo investor may be edited without a session.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(request, ["PATCH"]);
  const app = getApp();
  const signedIn = (await hasSession(request, app)) || hasAdminPasscode(request, app);
  const id = parseId(params.id, "investor");
  const target = getInvestor(app.db, id);
  if (!signedIn && !target?.isDemo) {
    throw apiError(401, "unauthorized", "Sign in on /login first, or send the x-admin-passcode header.");
  }
  if (!target) throw apiError(404, "not_found", `There is no investor with id ${id}.`);
  if (!signedIn) limitDemoWrites(request, "edit");
  const edit = await readJsonBody(request, investorEditSchema);
  editInvestor(app.db, id, edit, { now: app.now(), rules: app.rules });
  if (!target.isDemo) rescoreInvestorsForStartups(app, [id]);
  const detail = getInvestorDetail(app.db, id, target.isDemo)!;
  return json(investorJson(detail.investor, detail.contacts));
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["PATCH"]);
}
