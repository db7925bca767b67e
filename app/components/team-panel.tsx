import { useEffect, useState } from "react";
import { Form } from "react-router";
import type { MemberRole } from "../domain/people.ts";

/*
 * The Team section of /settings (decision 060): who is on the team, how each signs in, and for
 * the owner only, "Invite someone" and "Disable". Plain forms to /settings/team, so all of it
 * works without JavaScript; the invitation link is shown once, on the page the post answers.
 */

export type TeamPanelData = {
  canManage: boolean;
  members: { id: number; name: string; email: string | null; role: MemberRole; disabled: boolean; passkeys: number; passphrase: boolean }[];
  waiting: { name: string | null; expiresAt: string }[];
};

export type Invited = { link: string; name: string | null; expiresAt: string };

const ROLE_NAMES: Record<MemberRole, string> = { owner: "Owner", member: "Member" };

function signsInWith(member: TeamPanelData["members"][number]): string {
  const ways = [
    member.role === "owner" ? "the passcode" : null,
    member.passkeys > 0 ? (member.passkeys === 1 ? "a passkey" : `${member.passkeys} passkeys`) : null,
    member.passphrase ? "a passphrase" : null,
  ].filter(Boolean);
  return ways.length > 0 ? ways.join(", ") : "nothing yet";
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

export function TeamPanel({ team, you, invited, notice }: { team: TeamPanelData; you: number; invited?: Invited; notice?: string | null }) {
  return (
    <section className="panel" aria-labelledby="team">
      <h2 id="team">Team</h2>
      <p className="muted">Everyone who signs in to this pipeline. Each change on an investor says who made it.</p>
      {notice ? (
        <p className="notice notice-good" role="status">
          {notice}
        </p>
      ) : null}
      <ul className="team-list">
        {team.members.map((member) => (
          <li key={member.id} className="team-member">
            <span>
              <strong>{member.name}</strong>
              {member.id === you ? " (you)" : ""} · {ROLE_NAMES[member.role]} · {member.disabled ? "Disabled" : "Active"}
            </span>
            <span className="muted">
              {member.email ? `${member.email} · ` : ""}signs in with {signsInWith(member)}
            </span>
            {team.canManage && member.role !== "owner" && !member.disabled ? (
              <Form method="post" action="/settings/team" className="inline-form">
                <input type="hidden" name="intent" value="disable" />
                <input type="hidden" name="member_id" value={member.id} />
                {/* One click is not enough to sign a co-founder out everywhere (a founder's walkthrough). */}
                <label className="inline-check">
                  <input type="checkbox" name="confirm" value="yes" required /> Yes, sign {member.name} out everywhere
                </label>
                <button type="submit" className="button-danger" aria-label={`Disable ${member.name}`}>
                  Disable
                </button>
              </Form>
            ) : null}
            {team.canManage && member.disabled ? (
              <Form method="post" action="/settings/team" className="inline-form">
                <input type="hidden" name="intent" value="enable" />
                <input type="hidden" name="member_id" value={member.id} />
                <button type="submit" className="button-secondary" aria-label={`Enable ${member.name} again`}>
                  Enable again
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {team.canManage ? (
        <>
          {invited ? (
            <div className="notice notice-good" role="status">
              <p>
                Invitation made{invited.name ? ` for ${invited.name}` : ""}, valid until {day(invited.expiresAt)}. Copy the link and send it
                yourself: the app sends no mail, and this link is shown only now.
              </p>
              <label htmlFor="invite-link">Invitation link</label>
              <input id="invite-link" type="text" readOnly value={invited.link} className="invite-link" />
              {/* The whole link in words too: a phone's field shows only its start (a founder's walkthrough). */}
              <p className="invite-link-text">
                <code>{invited.link}</code>
              </p>
              <CopyLink link={invited.link} />
            </div>
          ) : null}
          <h3 id="invite-someone">Invite someone</h3>
          <Form method="post" action="/settings/team" className="settings-form" aria-labelledby="invite-someone">
            <input type="hidden" name="intent" value="invite" />
            <label htmlFor="invite-name">Their name (optional)</label>
            <input id="invite-name" name="name" type="text" maxLength={80} autoComplete="off" />
            <button type="submit" className="button-primary">
              Make an invitation link
            </button>
          </Form>
          {team.waiting.length > 0 ? (
            <p className="muted">
              Waiting to join: {team.waiting.map((invite) => `${invite.name ?? "someone"} (until ${day(invite.expiresAt)})`).join(", ")}.
            </p>
          ) : null}
        </>
      ) : (
        <p className="muted">The team's owner invites people and can disable them.</p>
      )}
    </section>
  );
}

/** "Copy link", once the page's script runs (without it the link is there to select by hand). */
function CopyLink({ link }: { link: string }) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  const copy = () => {
    if (!navigator.clipboard) return setCopied("failed");
    navigator.clipboard.writeText(link).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  };
  return (
    <p>
      <button type="button" className="button-secondary" onClick={copy}>
        {copied === "yes" ? "Copied" : "Copy link"}
      </button>
      {copied === "failed" ? <span className="muted"> This browser would not copy: select the link above.</span> : null}
    </p>
  );
}
