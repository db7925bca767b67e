import { isCurrency, moneyText } from "./currency.ts";
import type { FounderSettings } from "./founder-settings.ts";
import { followUpDue, followUpReason, plannedReason, plannedStep, stepWords } from "./follow-ups.ts";
import { deckDraftParts, deckLinkParagraph } from "./deck-draft.ts";
import type { DeckFacts } from "./deck-signals.ts";
import type { Instrument, RecommendedAction, RelationshipStatus, RoleWanted, Stage } from "./investor.ts";
import { hookSentence } from "./outreach-hook.ts";
import { daysSince } from "./scoring.ts";

export { hookSentence };

/**
 * Outreach drafts (docs/product.md#pages): the email fits where the investor is. A first email for the
 * uncontacted, a follow-up that names the last contact when one is due, no email for those in a
 * process with nothing due, none for those who committed, passed or are not a fit. Pure: the
 * caller passes the investor's status and last contact, `now`, and the founder's settings.
 * Nothing is sent from here; the founder edits, copies or opens the draft in a mail app.
 */
export type OutreachInvestor = {
  name: string;
  firm?: string | null;
  email?: string | null;
  relationshipStatus: RelationshipStatus;
  lastContactDate: string | null;
  signalHook: string | null;
  /** The follow-ups' facts (decision 030): a next step due or planned, a meeting passed. */
  nextStep?: string | null;
  nextStepDate?: string | null;
  meetingDate?: string | null;
  /** Their expected cheque, or the amount of a yes (decision 031): a closing draft names it. */
  amount?: number | null;
  amountCurrency?: string | null;
  /** The recommended action: a don't-chase investor gets no first email (decision 029). */
  action?: RecommendedAction | null;
  /** Their deck link's views (decision 068): a read, an unanswered view or an unopened link makes the draft. */
  deck?: DeckFacts | null;
  /** Their own live deck link's address, which the draft inserts (null: none, or revoked). */
  deckLink?: string | null;
};

/** A startup as drafts speak of it: its name and pitch, and its round for the first email's subject. */
export type DraftStartup = {
  name: string;
  pitch: string;
  stage?: Stage | null;
  roleWanted?: RoleWanted | null;
  roundSize?: number | null;
  roundCurrency?: string | null;
  /** The round's instrument and close-by date: a closing draft names the documents and the date. */
  instrument?: Instrument | null;
  closeBy?: string | null;
};

export type OutreachContext = {
  founder: FounderSettings;
  /** On a startup's page the draft is about that startup: its pitch wins over the founder's. */
  startup?: DraftStartup;
  /** The startup raising now (or the only one): fills in what /settings leaves empty, and names the round. */
  raising?: DraftStartup | null;
  now: Date;
  followUpAfterDays: number;
};

export type EmailDraft = {
  /** "closing": a soft yes, turned into documents to sign (decision 053). */
  kind: "first_email" | "follow_up" | "closing";
  /** One line above the draft: why this email, now. */
  note: string;
  to: string | null;
  subject: string;
  body: string;
  mailto: string;
};
export type NoEmail = { kind: "no_email"; note: string };
export type OutreachDraft = EmailDraft | NoEmail;

const FIRST_EMAIL_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["not_contacted", "researching", "intro_requested"]);
const IN_PROCESS_STATUSES: ReadonlySet<RelationshipStatus> = new Set([
  "contacted",
  "in_conversation",
  "meeting_scheduled",
  "due_diligence",
]);

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11-03" → "3 November" (the year only when it is not this year's). */
export function formatContactDate(date: string, now: Date): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const base = `${day} ${MONTHS[month - 1] ?? ""}`.trim();
  return year === now.getUTCFullYear() ? base : `${base} ${year}`;
}

function addDays(date: string, days: number): string {
  const then = new Date(`${date}T00:00:00Z`);
  then.setUTCDate(then.getUTCDate() + days);
  return then.toISOString().slice(0, 10);
}

function daysAgo(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  return `${days} days ago`;
}

// ---------------------------------------------------------------------------------------------
// Drafts

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Words that make a name an organisation's, not a person's ("Goose Valley Ventures", "Tomahawk.VC"). */
const ORGANISATION_WORDS =
  /\b(?:ventures?|capital|partners|vc|funds?|group|holdings?|invest\w*|labs?|angels|accelerator|incubator|network|club|syndicate|office|family|foundation|bank|ag|gmbh|ltd|llc|llp|inc|sa|bv|ab)\b/i;

/**
 * Whom the email greets: a person by their first name ("Hi Anna,"), an organisation whole ("Hi
 * Goose Valley Ventures team,") — a fund's row is often named for the fund, and "Hi Goose," reads
 * as a slip. An organisation: its name is its firm's, has a firm word, a dot or a digit.
 */
export function greeting(name: string, firm?: string | null): string {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const organisation =
    (firm != null && firm.trim().toLowerCase() === trimmed.toLowerCase()) || ORGANISATION_WORDS.test(trimmed) || /[.\d]/.test(trimmed);
  return organisation ? `Hi ${trimmed} team,` : `Hi ${firstName(trimmed)},`;
}

/** "Ledgerly: …" before a pitch, unless the pitch already starts with the name. */
export function namedPitch(name: string, pitch: string): string {
  const sentence = asSentence(pitch);
  return sentence.toLowerCase().startsWith(name.trim().toLowerCase()) ? sentence : `${name}: ${sentence}`;
}

export function asSentence(text: string): string {
  const trimmed = text.replace(/\s+/g, " ").trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** mailto: with the subject and body (RFC 6068: every part percent-encoded, line breaks as CRLF). */
export function mailtoLink(to: string | null | undefined, subject: string, body: string): string {
  const address = to?.trim() ? encodeURIComponent(to.trim()) : "";
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, "\r\n"))}`;
}

/** What Copy puts on the clipboard: the subject line, a blank line, the body. */
export function draftAsText(subject: string, body: string): string {
  return `Subject: ${subject}\n\n${body}`;
}

function email(
  kind: EmailDraft["kind"],
  note: string,
  investor: OutreachInvestor,
  subject: string,
  paragraphs: string[],
  founder: string,
): EmailDraft {
  const body = [greeting(investor.name, investor.firm), ...paragraphs, `Best,\n${founder}`].join("\n\n");
  const to = investor.email?.trim() || null;
  return { kind, note, to, subject, body, mailto: mailtoLink(to, subject, body) };
}

const STAGE_WORDS: Record<Stage, string> = { pre_seed: "pre-seed", seed: "seed", series_a: "Series A", series_b_plus: "Series B" };
const ROLE_WORDS: Record<RoleWanted, string> = {
  lead: "looking for a lead",
  co_lead: "looking for a co-lead",
  follow: "looking for investors to join",
};

/** "an $8M", "an €800k", "a $1.5M": the article as the amount is read aloud (eight, eleven, eighteen). */
function withArticle(text: string): string {
  const spoken = text.replace(/^[^\d]*/, "");
  return /^(8|11(?!\d)|18(?!\d))/.test(spoken) ? `an ${text}` : `a ${text}`;
}

/** The first email's subject: "Ledgerly — raising a $1.5M seed, looking for a lead". */
export function roundSubject(startup: DraftStartup): string {
  return `${startup.name} — ${roundWords(startup)}`;
}

const INSTRUMENT_WORDS: Record<Instrument, string> = {
  safe: "on a SAFE",
  convertible: "on a convertible note",
  priced: "as a priced round",
};

/**
 * "raising a $1.5M seed, looking for a lead": the round as every draft says it; with `instrument`,
 * "raising a $1.5M seed on a SAFE, looking for a lead" (the connector's forwardable paragraph).
 */
export function roundWords(startup: DraftStartup, instrument = false): string {
  const stage = startup.stage ? STAGE_WORDS[startup.stage] : null;
  const round = startup.roundSize
    ? withArticle(`${moneyText(startup.roundSize, startup.roundCurrency ?? "USD")} ${stage ?? "round"}`)
    : `a ${stage ? `${stage} ` : ""}round`;
  const role = startup.roleWanted ? `, ${ROLE_WORDS[startup.roleWanted]}` : "";
  const on = instrument && startup.instrument ? ` ${INSTRUMENT_WORDS[startup.instrument]}` : "";
  return `raising ${round}${on}${role}`;
}

function lowerFirst(text: string): string {
  return text && text !== text.toUpperCase() ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

export function draftOutreach(investor: OutreachInvestor, context: OutreachContext): OutreachDraft {
  const { founder: settings, startup, now } = context;
  const about = startup ?? context.raising ?? undefined;
  const founder = settings.founderName?.trim() || (about ? `The ${about.name} team` : "[your name]");
  const pitch = startup
    ? namedPitch(startup.name, startup.pitch)
    : settings.pitch?.trim()
      ? asSentence(settings.pitch)
      : about?.pitch.trim()
        ? namedPitch(about.name, about.pitch)
        : "[one line on what you are building and why now]";
  const link = settings.meetingLink?.trim();
  const pickATime = link ? `You can pick a time here: ${link}` : "Reply with a time that suits you.";
  const suffix = about ? ` — ${about.name}` : "";
  const status = investor.relationshipStatus;
  const twentyMinutes = `Would you have 20 minutes in the next two weeks? ${pickATime}`;
  const firstSubject = about ? roundSubject(about) : `Intro from ${founder}`;

  if (status === "committed") {
    return { kind: "no_email", note: `No email: ${investor.name} has committed. Keep them in your investor updates rather than chasing.` };
  }
  if (status === "soft_committed") return closingDraft(investor, about, founder, now);
  if (status === "passed") {
    return {
      kind: "no_email",
      note: `No email: ${investor.name} passed, and chasing a no rarely helps. If something changes, set the status back and a draft appears here.`,
    };
  }
  if (status === "not_a_fit") {
    return { kind: "no_email", note: `No email: ${investor.name} is marked as not a fit for your round.` };
  }

  if (FIRST_EMAIL_STATUSES.has(status) && investor.action === "dont_chase") {
    return { kind: "no_email", note: `No email: ${investor.name} is not worth chasing for this round (the reason is beside their score).` };
  }
  // Stalled deals and the founder's own next step (decision 030), before the status's own email.
  const facts = {
    name: investor.name,
    relationship_status: status,
    last_contact_date: investor.lastContactDate,
    next_step: investor.nextStep,
    next_step_date: investor.nextStepDate,
    meeting_date: investor.meetingDate,
    deck: investor.deck,
  };
  const due = followUpDue(facts, now, context.followUpAfterDays);
  if (due?.kind === "deck_read" || due?.kind === "deck_unanswered" || due?.kind === "deck_unopened") {
    const parts = deckDraftParts(due, followUpReason(due, facts, now), { suffix, pitch, meet: twentyMinutes, deckLink: investor.deckLink });
    return email("follow_up", parts.note, investor, parts.subject, parts.paragraphs, founder);
  }
  if (due?.kind === "next_step") return nextStepDraft(investor, due, suffix, founder, now);
  if (due?.kind === "meeting") {
    const on = formatContactDate(due.date, now);
    return email(
      "follow_up",
      `How did the meeting on ${on} go? Thank them, then record what happened and the next step.`,
      investor,
      `Thank you for the meeting on ${on}${suffix}`,
      [
        `Thank you for taking the time to meet on ${on}. I would be glad to send anything that would help — the deck, our numbers, or answers to questions that came up.`,
        "What would you see as the next step?",
      ],
      founder,
    );
  }
  if (due?.kind === "intro") {
    const on = formatContactDate(due.date, now);
    return email(
      "follow_up",
      `Nudge ${firstName(investor.name)} about the introduction you asked for ${daysAgo(due.days)} (${on}): write directly, or send this to whoever you asked.`,
      investor,
      firstSubject,
      [`On ${on} I asked for an introduction to you; in case it got lost, I thought I would write directly.`, pitch, twentyMinutes],
      founder,
    );
  }
  if (due?.kind === "no_date") {
    const what = about ? about.name : "what we are building";
    const opener =
      status === "in_conversation"
        ? "Thank you again for our conversation. I wanted to follow up and see whether it makes sense to take the next step."
        : `I wrote to you a while ago about ${what}. I know inboxes fill up, so I am following up in case my note got buried.`;
    return email(
      "follow_up",
      "When did you last write? Add the date on this page to be reminded on time. Meanwhile, a follow-up:",
      investor,
      `Following up${suffix}`,
      status === "in_conversation" ? [opener, twentyMinutes] : [opener, pitch, twentyMinutes],
      founder,
    );
  }
  const planned = plannedStep(facts, now);
  if (planned && !FIRST_EMAIL_STATUSES.has(status)) {
    return { kind: "no_email", note: `No email needed now. ${plannedReason(planned, now)}` };
  }

  if (FIRST_EMAIL_STATUSES.has(status)) {
    const hook = hookSentence(investor.signalHook, investor);
    const opener = hook ? `${hook} It is why I thought of you.` : "I have been following your investments and think we could be a fit.";
    const note =
      status === "intro_requested"
        ? "First email. You asked for an introduction: if it comes, reply on that thread instead."
        : "First email: you have not been in touch yet.";
    return email(
      "first_email",
      note,
      investor,
      firstSubject,
      [opener, pitch, ...deckLinkParagraph(investor.deckLink), twentyMinutes],
      founder,
    );
  }

  // In a process: contacted, in conversation, meeting scheduled, due diligence.
  if (!IN_PROCESS_STATUSES.has(status)) return { kind: "no_email", note: "No email is suggested for this status." };
  const last = investor.lastContactDate;
  if (!last) {
    return {
      kind: "no_email",
      note: "No email needed now: no last contact date is on file. Add the date you were last in touch and this says when a follow-up is due.",
    };
  }
  const days = daysSince(last, now);
  const lastOn = formatContactDate(last, now);
  if (days < context.followUpAfterDays) {
    const due = formatContactDate(addDays(last, context.followUpAfterDays), now);
    return {
      kind: "no_email",
      note: `No email needed now: you were last in touch on ${lastOn} (${daysAgo(Math.max(days, 0))}). A follow-up is due on ${due}.`,
    };
  }

  const note = `Follow-up: last contact on ${lastOn}, ${daysAgo(days)} (a follow-up is due after ${context.followUpAfterDays} days).`;
  // A next step still on file (acted on, not yet answered: decision 053) is named in words.
  const pending = stepWords(investor.nextStep);
  const noted = pending ? [`The next step we noted: ${lowerFirst(pending)}.`] : [];
  const aboutWhat = about ? about.name : "what we are building";
  switch (status) {
    case "contacted":
      return email(
        "follow_up",
        note,
        investor,
        `Following up on my note of ${lastOn}${suffix}`,
        [
          `I wrote to you on ${lastOn} about ${aboutWhat}. I know inboxes fill up, so I am following up in case my note got buried.`,
          ...noted,
          pitch,
          twentyMinutes,
        ],
        founder,
      );
    case "in_conversation":
      return email(
        "follow_up",
        note,
        investor,
        `Next steps after our conversation${suffix}`,
        [
          `Thank you again for our conversation on ${lastOn}. I wanted to follow up and see whether it makes sense to take the next step.`,
          ...noted,
          twentyMinutes,
        ],
        founder,
      );
    case "meeting_scheduled":
      return email(
        "follow_up",
        note,
        investor,
        `Ahead of our meeting${suffix}`,
        [
          `Following up on our exchange of ${lastOn}: I am looking forward to our meeting. Is there anything you would like me to send before we meet?`,
          ...noted,
        ],
        founder,
      );
    default:
      return email(
        "follow_up",
        note,
        investor,
        `Anything else you need for diligence?${suffix}`,
        [
          `Thank you for the time you and your team are putting into diligence since we last spoke on ${lastOn}. Is there anything else you need from us, or a question I can answer?`,
          ...noted,
          link ? `If a call would help, you can pick a time here: ${link}` : "If a call would help, reply with a time that suits you.",
        ],
        founder,
      );
  }
}

/**
 * A next step due (decision 030), in words and with the last contact (decision 053): "Following up
 * on our exchange of 12 October, and the next step we set: send the deck." A step written as
 * filler ("follow up", "f/u", "chase") names nothing, so it is never quoted back.
 */
function nextStepDraft(
  investor: OutreachInvestor,
  due: { step: string | null; date: string; late: number },
  suffix: string,
  founder: string,
  now: Date,
): EmailDraft {
  const step = stepWords(due.step);
  const last = investor.lastContactDate ? formatContactDate(investor.lastContactDate, now) : null;
  const lastNote = last ? ` Last contact: ${last}.` : "";
  const note = step
    ? `Next step due ${daysAgo(due.late)}: ${step}.${lastNote}`
    : `Your next step (${formatContactDate(due.date, now)}) is due ${daysAgo(due.late)}.${lastNote}`;
  const exchange = last ? `Following up on our exchange of ${last}` : "Following up";
  const opener = step
    ? `${exchange}${last ? ", and" : " on"} the next step we set: ${lowerFirst(step)}.`
    : `${exchange}${last ? "" : " on the next step we agreed"}: I wanted to see where things stand on your side.`;
  const subject = step
    ? `Next step: ${lowerFirst(step)}${suffix}`
    : last
      ? `Following up on our exchange of ${last}${suffix}`
      : `Following up${suffix}`;
  return email(
    "follow_up",
    note,
    investor,
    subject,
    [opener, "Is there anything else you need from me, or a question I can answer?"],
    founder,
  );
}

const CLOSING_DOCUMENTS: Record<Instrument, string> = {
  safe: "the SAFE",
  convertible: "the convertible note",
  priced: "the subscription agreement and the shareholders' agreement",
};

/** An amount as the draft says it: "€300k"; a currency the app has no sign for keeps its code ("2M NOK"). */
function amountWords(amount: number, currency: string | null | undefined): string {
  if (!currency || isCurrency(currency)) return moneyText(amount, currency ?? "USD");
  return `${moneyText(amount, "USD").replace(/^\$/, "")} ${currency}`;
}

/**
 * A soft yes is closed, not chased (decision 053): the documents to sign (the round's instrument),
 * the amount when one is on file (else asked), who signs, and the close-by date when it is ahead.
 */
function closingDraft(investor: OutreachInvestor, about: DraftStartup | undefined, founder: string, now: Date): EmailDraft {
  const amount = investor.amount ? amountWords(investor.amount, investor.amountCurrency) : null;
  const documents = about?.instrument ? CLOSING_DOCUMENTS[about.instrument] : "the investment documents";
  const suffix = about ? ` — ${about.name}` : "";
  const when = investor.lastContactDate ? ` on ${formatContactDate(investor.lastContactDate, now)}` : "";
  const closeBy = about?.closeBy && about.closeBy >= now.toISOString().slice(0, 10) ? formatContactDate(about.closeBy, now) : null;
  const note = `Soft yes: close it. Send ${documents} to sign${amount ? ` for ${amount}` : ", and ask for the amount (none is on file)"}.`;
  const paragraphs = [
    `Thank you for your yes${when}${amount ? ` to ${amount}` : ""} — we are glad to have you with us${about ? ` in ${about.name}'s round` : ""}.`,
    `To close, I will send ${documents} for signature, with the wire details.`,
    amount
      ? `Could you confirm the amount, ${amount}, the legal name of the investing entity, and who signs (name and email)?`
      : "Could you confirm the amount you would like to invest, the legal name of the investing entity, and who signs (name and email)?",
    ...(closeBy ? [`We aim to close the round by ${closeBy}.`] : []),
  ];
  return email("closing", note, investor, `Closing${amount ? ` your ${amount}` : ""}: ${documents} to sign${suffix}`, paragraphs, founder);
}
