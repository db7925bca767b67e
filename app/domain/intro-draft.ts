import { type IntroPath, firstName, introNudgeDue, daysBetween } from "./intros.ts";
import type { Stage } from "./investor.ts";
import {
  asSentence,
  type DraftStartup,
  formatContactDate,
  greeting,
  hookSentence,
  mailtoLink,
  namedPitch,
  roundWords,
} from "./outreach.ts";
import type { FounderSettings } from "./founder-settings.ts";

/**
 * The draft to the connector (docs/product.md#warm-intros, decision 065), as founders write it: a
 * short ask ("Hi Erik, would you be open to introducing me to Kristin at Fjord Climate?") and,
 * set apart, a paragraph about the startup the connector can forward as is — the pitch, the round
 * (amount, instrument), and why this investor (their focus, the news hook) where known. The
 * round's and the pitch's words are outreach.ts's, so every draft says them alike. Pure.
 */

export type IntroDraftInvestor = {
  name: string;
  firm?: string | null;
  signalHook?: string | null;
  sectors?: readonly string[];
  stages?: readonly string[];
};

export type IntroDraftContext = {
  founder: FounderSettings;
  /** The startup raising now (or the only one). */
  raising?: DraftStartup | null;
  /** YYYY-MM-DD. */
  today: string;
  /** A member's name as they sign (the founder's name from /settings for the team's owner), by member id. */
  signatures?: ReadonlyMap<number, string>;
  now: Date;
};

export type IntroDraft = {
  /** The connector's first name, as the ask greets them. */
  connector: string;
  /** One line above the draft: why this email, now. */
  note: string;
  /** The connector's address when the team has one; the mailto: is addressed to it. */
  to: string | null;
  subject: string;
  /** The ask, short. */
  ask: string;
  /** The paragraph the connector forwards as is. */
  forwardable: string;
  /** Both, as one email: the ask, a line, the forwardable paragraph. */
  body: string;
  mailto: string;
};

/** Where the separate paragraph starts, as founders mark it. */
export const FORWARDABLE_LINE = "— Forwardable blurb (send it on as is) —";

const STAGE_NAMES: Record<Stage, string> = {
  pre_seed: "pre-seed",
  seed: "seed",
  series_a: "Series A",
  series_b_plus: "Series B and later",
};

/**
 * The draft for asking `path`'s person to introduce the team to the investor, or null when the
 * path has no person (a member's own mail with the investor: there is nobody to ask). Asked and
 * unanswered for 5 days, the ask becomes a nudge; agreed, introduced or declined, no ask is due
 * and the note says so (the draft stays to copy from).
 */
export function draftIntroAsk(path: IntroPath, investor: IntroDraftInvestor, context: IntroDraftContext): IntroDraft | null {
  const person = path.person;
  if (!person) return null;
  const about = context.raising ?? undefined;
  // The member who knows the connector writes to them; else the founder.
  const sender =
    (path.member ? (context.signatures?.get(path.member.id) ?? path.member.name) : undefined) ||
    context.founder.founderName?.trim() ||
    (about ? `The ${about.name} team` : "[your name]");
  const whom = investorWords(investor);
  const connector = firstName(person.name);
  const nudge = introNudgeDue(path.state, path.asked_on, context.today);
  const askedDays = path.asked_on ? daysBetween(path.asked_on, context.today) : 0;

  const pitch = context.founder.pitch?.trim()
    ? asSentence(context.founder.pitch)
    : about?.pitch.trim()
      ? namedPitch(about.name, about.pitch)
      : "[one line on what you are building and why now]";
  const round = about ? `We are ${roundWords(about, true)}.` : "";
  const why = whyThisInvestor(investor);
  // Signed on a line of its own, with the startup and how to reach them: the investor reads it forwarded,
  // without the ask above it (a walkthrough read "…at seed. Ingrid Solheim" as a cut-off sentence).
  const signature = [
    `— ${sender}${about && !sender.includes(about.name) ? `, ${about.name}` : ""}`,
    context.founder.meetingLink?.trim() || null,
  ]
    .filter(Boolean)
    .join(" · ");
  const forwardable = `${[pitch, round, why].filter(Boolean).join(" ")}\n${signature}`;

  const opener = nudge
    ? `Just bumping this in case it got buried: on ${formatContactDate(path.asked_on!, context.now)} I asked whether you would be open to introducing me to ${whom}.`
    : `Would you be open to introducing me to ${whom}? ${about ? `We are ${roundWords(about)}, and` : "I think"} ${whom.endsWith(" team") ? "they" : firstName(investor.name)} would be a good fit.`;
  const ask = [
    `Hi ${connector},`,
    opener,
    "Below is a short paragraph you can forward as is. And no worries at all if it is not a good moment or you would rather not.",
    `Thanks,\n${sender}`,
  ].join("\n\n");
  const body = `${ask}\n\n${FORWARDABLE_LINE}\n\n${forwardable}`;
  const subject = `${nudge ? "Re: " : ""}Intro to ${investor.name}${investor.firm && investor.firm !== investor.name ? ` (${investor.firm})` : ""}?`;
  const to = person.emails[0] ?? null;
  return {
    connector,
    note: noteOf(path, connector, investor.name, nudge, askedDays),
    to,
    subject,
    ask,
    forwardable,
    body,
    mailto: mailtoLink(to, subject, body),
  };
}

/** "Kristin at Fjord Climate", or "the Fjord Climate team" for a fund's own row (greeting's reading of a name). */
function investorWords(investor: IntroDraftInvestor): string {
  const greeted = greeting(investor.name, investor.firm);
  if (greeted.endsWith(" team,")) return `the ${investor.name.trim()} team`;
  const firm = investor.firm?.trim();
  return firm ? `${firstName(investor.name)} at ${firm}` : investor.name.trim();
}

/** "Why Fjord Climate: they invest in climate and energy at seed; they led a $4M seed in Lumen Grid on 3 Nov." — only what is known. */
function whyThisInvestor(investor: IntroDraftInvestor): string {
  const parts: string[] = [];
  const sectors = (investor.sectors ?? []).slice(0, 3);
  const stages = (investor.stages ?? []).slice(0, 2).map((stage) => STAGE_NAMES[stage as Stage] ?? stage);
  if (sectors.length > 0 || stages.length > 0) {
    parts.push(`they invest${sectors.length > 0 ? ` in ${listWords(sectors)}` : ""}${stages.length > 0 ? ` at ${listWords(stages)}` : ""}`);
  }
  // The hook as outreach says it to the investor ("I saw that you led…"), turned to the connector's reader.
  const hook = hookSentence(investor.signalHook, investor);
  if (hook) {
    const told = hook.replace(/^I saw that you /, "they ").replace(/^I came across this recent news: /, "recent news: ");
    parts.push(told.replace(/\.$/, ""));
  }
  if (parts.length === 0) return "";
  return `Why ${investor.firm?.trim() || investor.name.trim()}: ${parts.join("; ")}.`;
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function noteOf(path: IntroPath, connector: string, investorName: string, nudge: boolean, askedDays: number): string {
  switch (path.state) {
    case "to_ask":
      return `Ask ${connector} for an intro to ${investorName}: a short ask, and a paragraph ${connector} can forward as is.`;
    case "asked":
      return nudge
        ? `Nudge ${connector} about the intro to ${investorName} you asked for ${askedDays} days ago.`
        : `Asked ${askedDays === 0 ? "today" : askedDays === 1 ? "yesterday" : `${askedDays} days ago`}: give ${connector} a few days before a nudge.`;
    case "agreed":
      return `${connector} agreed to introduce you: nothing to send now; mark it introduced when the email comes.`;
    case "introduced":
      return `${connector} introduced you: reply on that thread.`;
    default:
      return `${connector} declined: no ask to send. Another path, or a first email, may do.`;
  }
}
