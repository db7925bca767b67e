import type { Route } from "./+types/investor";
import { countContacts } from "#db/queries/contacts.server.ts";
import { getInvestor } from "#db/queries/investor-row.server.ts";
import { getInvestorDetail, investorJson } from "#db/queries/investors.server.ts";
import { getApp } from "../../app.server.ts";
import { requestMember } from "../../auth/guards.server.ts";
import { memberActor, systemActor } from "../../domain/people.ts";
import { demoEditRefusal } from "../../domain/demo-bounds.ts";
import { chequeConflict, investorPatchSchema, profileOf } from "../../domain/investor-profile.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { limitDemoWrites } from "../../http/demo-limit.server.ts";
import { readEmptyBody, readJsonBody } from "../../http/json-body.server.ts";
import { loadTownsFor } from "../../services/towns.server.ts";
import { DEMO_NOT_DELETED, deleteRealInvestor } from "../../services/investor-profile.server.ts";
import { conflictSentence, editUnlessStale } from "../../services/edit-conflicts.server.ts";
import { versionFromIfMatch, versionTag } from "../../domain/conflict.ts";
import { amountRoundRefusal } from "../../services/round.server.ts";
import { ownerRefusal } from "../../services/team.server.ts";

const METHODS = ["PATCH", "DELETE"];

/**
 * Route #9: edit the four user-owned columns and the profile (decision 026). Strict body: any
 * other key is a 400 that names it and nothing is written. A demo investor may be edited without
 * a session, within its bounds (app/domain/demo-bounds.ts). The answer holds the newest page of
 * the contact history and its total, never the whole history, and the investor's version as its
 * ETag: sent back as If-Match, a write based on an older version that clashes with a newer change
 * is a 409 `conflict` naming who changed what (decision 063).
 *
 * DELETE (route #16) takes a real investor away with everything hung on it; session only.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!METHODS.includes(request.method)) return methodNotAllowed(request, METHODS);
  const app = getApp();
  const member = await requestMember(request, app);
  const signedIn = member !== null;
  const id = parseId(params.id, "investor");
  const target = getInvestor(app.db, id);
  if (request.method === "DELETE") {
    if (!signedIn) throw apiError(401, "unauthorized", "Sign in on /login first, or send the x-admin-passcode header.");
    await readEmptyBody(request);
    if (!target) throw apiError(404, "not_found", `There is no investor with id ${id}.`);
    if (target.isDemo) throw apiError(409, "demo_investor", DEMO_NOT_DELETED);
    deleteRealInvestor(app, memberActor(member), id);
    return json({ deleted: true });
  }
  if (!signedIn && !target?.isDemo) {
    throw apiError(401, "unauthorized", "Sign in on /login first, or send the x-admin-passcode header.");
  }
  if (!target) throw apiError(404, "not_found", `There is no investor with id ${id}.`);
  if (!signedIn) limitDemoWrites(request, "edit");
  // The version the write is based on (decision 063); without If-Match the write is not checked, as before.
  const basedOn = versionFromIfMatch(request.headers.get("if-match"));
  if (basedOn === "invalid") {
    throw apiError(400, "invalid_header", 'If-Match takes one version as the ETag gave it, such as "7". Nothing was changed.');
  }
  const edit = await readJsonBody(request, investorPatchSchema);
  const conflict = chequeConflict(profileOf(edit), target);
  if (conflict) throw apiError(400, "invalid_body", `${conflict}. Nothing was changed.`, { fields: { check_min: [conflict] } });
  const notARound = amountRoundRefusal(app, edit, target.isDemo);
  if (notARound) throw apiError(400, "invalid_body", `${notARound} Nothing was changed.`, { fields: { amount_startup_id: [notARound] } });
  const notAMember = ownerRefusal(app, edit, target.isDemo);
  if (notAMember) throw apiError(400, "invalid_body", `${notAMember} Nothing was changed.`, { fields: { owner_member_id: [notAMember] } });
  if (target.isDemo) {
    const refusal = demoEditRefusal(edit, countContacts(app.db, id));
    if (refusal) {
      throw apiError(refusal.status, refusal.code, `${refusal.message} Nothing was changed.`, {
        fields: refusal.field ? { [refusal.field]: [refusal.message] } : undefined,
      });
    }
  }
  await loadTownsFor(edit.based_in, edit.geographies);
  const outcome = editUnlessStale(app, member ? memberActor(member) : systemActor("visitor"), id, edit, target.isDemo, basedOn);
  if (typeof outcome === "object") {
    throw apiError(
      409,
      "conflict",
      `${conflictSentence(outcome)} Nothing was changed; send it again with If-Match: ${versionTag(outcome.version)} to overwrite.`,
      {
        headers: { etag: versionTag(outcome.version) },
        changes: outcome.changes.map(({ at, by, kind, sentence }) => ({ at, by, kind, sentence })),
      },
    );
  }
  const detail = getInvestorDetail(app.db, id, target.isDemo)!;
  return json(investorJson(detail.investor, detail.contacts, detail.contactHistory.total), {
    headers: { etag: versionTag(detail.investor.version) },
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, METHODS);
}
