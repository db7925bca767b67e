import type { FounderSettings } from "./founder-settings.ts";
import type { RecommendedAction, RelationshipStatus } from "./investor.ts";
import { daysSince } from "./scoring.ts";

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
  /** The recommended action: a don't-chase investor gets no first email (decision 029). */
  action?: RecommendedAction | null;
};

export type OutreachContext = {
  founder: FounderSettings;
  /** On a startup's page the draft is about that startup (its name and pitch). */
  startup?: { name: string; pitch: string };
  now: Date;
  followUpAfterDays: number;
};

export type EmailDraft = {
  kind: "first_email" | "follow_up";
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
// The hook as a sentence

/** Past-tense verbs that do not end in -ed, for hooks such as "Led a $4M seed in X on 3 Nov". */
const IRREGULAR_PAST = new Set([
  "led",
  "co-led",
  "wrote",
  "spoke",
  "made",
  "took",
  "won",
  "began",
  "gave",
  "became",
  "put",
  "sent",
  "brought",
  "bought",
  "sold",
  "grew",
  "held",
  "left",
  "met",
  "ran",
  "set",
  "told",
  "built",
  "spent",
  "got",
  "found",
  "shared",
  "said",
  "did",
  "chose",
  "drew",
  "kept",
  "paid",
  "read",
  "taught",
  "went",
  "hit",
  "cut",
]);
/** Words ending in -ed that are not verbs. */
const NOT_VERBS = new Set(["seed", "red", "need", "feed", "speed", "breed", "bed", "shed", "bred", "hundred", "sacred"]);
/** Auxiliaries, in the form that follows "you". */
const AUXILIARIES: Record<string, string> = { has: "have", have: "have", is: "are", are: "are", was: "were", were: "were" };
const ADVERBS = new Set(["recently", "just", "also", "quietly", "publicly", "again", "newly", "officially"]);
const GENERIC_SUBJECTS = [
  "the firm",
  "the fund",
  "the investor",
  "the partner",
  "the team",
  "this firm",
  "this fund",
  "this investor",
  "they",
  "he",
  "she",
  "you",
];

function isVerb(word: string): boolean {
  const lower = word.toLowerCase();
  if (NOT_VERBS.has(lower)) return false;
  return IRREGULAR_PAST.has(lower) || lower in AUXILIARIES || /^[a-z][a-z-]{2,}ed$/.test(lower);
}

/** The index of the verb when `words` start with one (after adverbs such as "Recently"), else -1. */
function verbIndex(words: string[]): number {
  let index = 0;
  while (index < words.length - 1 && ADVERBS.has(words[index]!.toLowerCase())) index++;
  return index < words.length - 1 && isVerb(words[index]!) ? index : -1;
}

/** Citation marks a model may leave in a hook: "[1]", "[evidence 12]", "(source: 12)", "(#12)". */
function stripCitations(text: string): string {
  return text
    .replace(/\s*\[(?:#?\s*\d+|e\d+|(?:evidence|source|ref|id)\b[^\]]*)\]/gi, "")
    .replace(/\s*\((?:#\s*\d+|(?:evidence|source|ref|see)\b[^)]*)\)/gi, "");
}

/**
 * The signal hook (one line from the news) as a sentence in the founder's voice:
 * "Led a $4M seed in Lumen Grid on 3 Nov" → "I saw that you led a $4M seed in Lumen Grid on 3 Nov."
 * "The firm closed a $50M fund." → "I saw that you closed a $50M fund."
 * A hook that does not start with what the investor did keeps its words:
 * "Sequoia backs Lumen (Reuters)" → "I came across this recent news: Sequoia backs Lumen (Reuters)."
 * Only the hook's own words are used (no facts added); a hook cut short ("…") is left out.
 */
export function hookSentence(hook: string | null | undefined, investor: { name?: string; firm?: string | null } = {}): string | null {
  if (!hook) return null;
  let text = hook.replace(/\s+/g, " ").trim();
  if (/^["“'‘].*["”'’]$/.test(text)) text = text.slice(1, -1).trim();
  text = stripCitations(text).trim();
  if (text.endsWith("…") || text.endsWith("...")) return null;
  text = text.replace(/[\s.;:,!?]+$/, "");
  if (!text) return null;

  const subjects = [...GENERIC_SUBJECTS, investor.name, investor.firm, investor.firm ? `the ${investor.firm}` : undefined]
    .filter((subject): subject is string => Boolean(subject?.trim()))
    .map((subject) => subject.trim().toLowerCase())
    .sort((a, b) => b.length - a.length);
  let predicate: string | null = null;
  for (const subject of subjects) {
    if (!text.toLowerCase().startsWith(`${subject} `)) continue;
    const rest = text.slice(subject.length + 1);
    if (verbIndex(rest.split(" ")) >= 0) {
      predicate = rest;
      break;
    }
  }
  if (!predicate && verbIndex(text.split(" ")) >= 0) predicate = text;
  if (!predicate) return `I came across this recent news: ${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

  const words = predicate.split(" ");
  const verbAt = verbIndex(words);
  for (let index = 0; index <= verbAt; index++) {
    const word = words[index]!;
    const lower = word.toLowerCase();
    // "LED" or "AI" stay as written; "Led" and "Recently" are the start of a sentence.
    if (word !== word.toUpperCase() || word.length === 1) words[index] = lower;
    if (index === verbAt && lower in AUXILIARIES) words[index] = AUXILIARIES[lower]!;
  }
  // The firm's own things become the reader's: "opened applications for its next cohort".
  return `I saw that you ${words.join(" ").replace(/\bits\b/g, "your")}.`;
}

// ---------------------------------------------------------------------------------------------
// Drafts

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function asSentence(text: string): string {
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
  const body = [`Hi ${firstName(investor.name)},`, ...paragraphs, `Best,\n${founder}`].join("\n\n");
  const to = investor.email?.trim() || null;
  return { kind, note, to, subject, body, mailto: mailtoLink(to, subject, body) };
}

export function draftOutreach(investor: OutreachInvestor, context: OutreachContext): OutreachDraft {
  const { founder: settings, startup, now } = context;
  const founder = settings.founderName?.trim() || "[your name]";
  const pitch = startup
    ? `${startup.name}: ${asSentence(startup.pitch)}`
    : settings.pitch?.trim()
      ? asSentence(settings.pitch)
      : "[one line on what you are building and why now]";
  const link = settings.meetingLink?.trim();
  const pickATime = link ? `You can pick a time here: ${link}` : "Reply with a time that suits you.";
  const suffix = startup ? ` — ${startup.name}` : "";
  const status = investor.relationshipStatus;

  if (status === "committed") {
    return { kind: "no_email", note: `No email: ${investor.name} has committed. Keep them in your investor updates rather than chasing.` };
  }
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
  if (FIRST_EMAIL_STATUSES.has(status)) {
    const hook = hookSentence(investor.signalHook, investor);
    const opener = hook ? `${hook} It is why I thought of you.` : "I have been following your investments and think we could be a fit.";
    const note =
      status === "intro_requested"
        ? "First email. You asked for an introduction: if it comes, reply on that thread instead."
        : "First email: you have not been in touch yet.";
    const subject = startup ? `${startup.name} — intro` : `Intro from ${founder}`;
    return email(
      "first_email",
      note,
      investor,
      subject,
      [opener, pitch, `Would you have 20 minutes in the next two weeks? ${pickATime}`],
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
  const about = startup ? startup.name : "what we are building";
  switch (status) {
    case "contacted":
      return email(
        "follow_up",
        note,
        investor,
        `Following up on my note of ${lastOn}${suffix}`,
        [
          `I wrote to you on ${lastOn} about ${about}. I know inboxes fill up, so I am following up in case my note got buried.`,
          pitch,
          `Would you have 20 minutes in the next two weeks? ${pickATime}`,
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
          `Would you have 20 minutes in the next two weeks? ${pickATime}`,
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
          link ? `If a call would help, you can pick a time here: ${link}` : "If a call would help, reply with a time that suits you.",
        ],
        founder,
      );
  }
}
