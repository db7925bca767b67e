import { memberNameKey } from "./people.ts";

/**
 * Bringing a person into the team and letting them sign in as themselves (decision 060): when an
 * invitation can still be used, what a passphrase must be, and which member a sign-in name means.
 * Pure: rows and a `now` come in, answers go out.
 */

/** How long an invitation link can be used. */
export const INVITE_DAYS = 7;

/** The shortest passphrase a member may choose: long enough that guessing it is hopeless at our rates. */
export const PASSPHRASE_MIN = 12;
/** The longest: a bound on what scrypt is given to hash. */
export const PASSPHRASE_MAX = 256;

export type InviteState = "open" | "used" | "expired" | "unknown";

/** When an invitation made at `now` stops working. */
export function inviteExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000);
}

/** Whether an invitation (as stored, or none with that token) can be used at `now`. */
export function inviteState(invite: { expiresAt: string; usedAt: string | null } | undefined, now: Date): InviteState {
  if (!invite) return "unknown";
  if (invite.usedAt) return "used";
  return Date.parse(invite.expiresAt) > now.getTime() ? "open" : "expired";
}

/** What the join page says of a link that cannot be used: nothing about who made it or for whom. */
export const INVITE_REFUSALS: Record<Exclude<InviteState, "open">, string> = {
  used: "This invitation link has already been used. Ask the person who invited you for a new one.",
  expired: "This invitation link has expired. Ask the person who invited you for a new one.",
  unknown: "This invitation link is not valid. Check that you copied all of it, or ask for a new one.",
};

/** Why a passphrase is refused, or undefined when it will do. */
export function passphraseProblem(passphrase: string): string | undefined {
  const length = [...passphrase].length;
  if (length < PASSPHRASE_MIN) return `Use at least ${PASSPHRASE_MIN} characters: a few words you will remember do well.`;
  if (length > PASSPHRASE_MAX) return `Use at most ${PASSPHRASE_MAX} characters.`;
  if (new Set(passphrase).size < 4) return "Use more than a few different characters.";
  return undefined;
}

type Signer = { id: number; name: string; email: string | null };

/**
 * The member a sign-in name means: their email (any case), else their name (any case, spaces
 * trimmed) when exactly one member has it. Two members of one name must give their email.
 */
export function memberForLogin<T extends Signer>(members: readonly T[], login: string): T | undefined {
  const wanted = login.trim().toLowerCase();
  if (!wanted) return undefined;
  const byEmail = members.find((member) => member.email && member.email.trim().toLowerCase() === wanted);
  if (byEmail) return byEmail;
  const byName = members.filter((member) => memberNameKey(member.name) === memberNameKey(login));
  return byName.length === 1 ? byName[0] : undefined;
}

/**
 * Whether a live member already has this name (any case): a name signs a member in, so two alike
 * would send both to their emails, which an invitee may not have given.
 */
export function nameInUse(members: readonly { id?: number; name: string }[], name: string, except?: number): boolean {
  const wanted = memberNameKey(name);
  return members.some((member) => (except === undefined || member.id !== except) && memberNameKey(member.name) === wanted);
}

export const NAME_IN_USE = "Someone on the team already has that name. Add an initial or a surname.";

/** Whether `actor` may manage the team (invite, disable, change roles): the owner only. */
export function canManageTeam(role: string): boolean {
  return role === "owner";
}
