import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/settings-team";
import { getApp } from "../app.server.ts";
import { memberContext, requestActor } from "../auth/guards.server.ts";
import { inviteSchema } from "../auth/login.ts";
import { TeamPanel } from "../components/team-panel.tsx";
import { readFormBody } from "../http/form-body.server.ts";
import { disableTeamMember, disabledNotice, enableTeamMember, inviteToTeam, teamView } from "../services/team.server.ts";

/**
 * The team's forms (POST /settings/team, decision 060): the owner invites someone (the link is
 * shown on the page this post answers, once, and never stored), disables a member or enables one
 * again. A member
 * who is not the owner is answered 403 (the forms are not shown to them either). GET shows the
 * Team section alone.
 */

const DISABLE_NOTICES = {
  not_found: "That member was not found, or is already disabled.",
  owner: "The owner cannot be disabled: the passcode is the recovery of that seat.",
} as const;

const ENABLE_NOTICES = {
  not_found: "That member was not found, or is not disabled.",
  name_in_use: "Someone on the team now has that name: ask them to change it on their settings, then enable again.",
} as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = context.get(memberContext)!;
  const app = getApp();
  // The id of whom the owner just disabled: the notice names them from their row, not from the URL.
  const disabled = Number(new URL(request.url).searchParams.get("disabled"));
  return {
    team: teamView(app, member),
    you: member.id,
    notice: Number.isSafeInteger(disabled) && disabled > 0 ? disabledNotice(app, disabled) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const actor = requestActor(context);
  const form = await readFormBody(request);
  if (form.get("intent") === "disable") {
    const id = Number(form.get("member_id"));
    if (form.get("confirm") !== "yes") {
      return data({ notice: "Tick the box to confirm: disabling signs them out everywhere and stops their tokens." }, { status: 400 });
    }
    const outcome = disableTeamMember(app, actor, Number.isSafeInteger(id) ? id : 0);
    if (outcome !== "disabled") return data({ notice: DISABLE_NOTICES[outcome] }, { status: outcome === "owner" ? 409 : 404 });
    return redirect(`/settings/team?disabled=${id}`, 303);
  }
  if (form.get("intent") === "enable") {
    const id = Number(form.get("member_id"));
    const outcome = enableTeamMember(app, actor, Number.isSafeInteger(id) ? id : 0);
    if (outcome !== "enabled") return data({ notice: ENABLE_NOTICES[outcome] }, { status: outcome === "name_in_use" ? 409 : 404 });
    return redirect(`/settings/team?disabled=${id}`, 303);
  }
  if (form.get("intent") !== "invite") return data({ notice: "Choose Invite someone, Disable or Enable again." }, { status: 400 });
  const submission = parseWithZod(form, { schema: inviteSchema });
  if (submission.status !== "success") return data({ notice: "A name is at most 80 characters." }, { status: 400 });
  const name = submission.value.name || null;
  const { token, expiresAt } = inviteToTeam(app, actor, name);
  // The link is this page's own origin (the one the browser sees: the Fly URL, localhost in tests).
  const link = `${new URL(request.url).origin}/join/${token}`;
  return data({ invited: { link, name, expiresAt } }, { headers: { "cache-control": "no-store" } });
}

export default function SettingsTeam({ loaderData, actionData }: Route.ComponentProps) {
  const invited = actionData && "invited" in actionData ? actionData.invited : undefined;
  const notice = actionData && "notice" in actionData ? actionData.notice : loaderData.notice;
  return (
    <>
      <div className="page-head">
        <h1>The team</h1>
        <p className="muted">
          <Link to="/settings">Back to settings</Link>
        </p>
      </div>
      <TeamPanel team={loaderData.team} you={loaderData.you} invited={invited} notice={notice} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Team · Investor Pipeline" }];
