import { byDontChaseOrder, byEmailFirstOrder, byFollowUpOrder } from "../today.ts";
import { moneyText, toUsd } from "../currency.ts";
import { ratesNote } from "../round.ts";
import { ACTION_LABELS, STATUS_LABELS, type RecommendedAction, type RelationshipStatus, isClosedStatus } from "../vocabulary.ts";
import { quote } from "../prompt-text.ts";
import { byScore, dedupe, findMentionedInvestors, readMoneyQuestion } from "./question.ts";
import { asksAboutWeek, datedThisWeek, summarizeWeek, weekFrom } from "./week.ts";
import { ownerAsked, ownerFollowUps } from "./owners.ts";
import {
  type ChatContext,
  type ChatInvestor,
  type ChatKpis,
  type ChatRound,
  type ChatWeek,
  DEFAULT_MAX_CONTEXT_INVESTORS,
  MAX_CONTEXT_FIELD_CHARS,
} from "./schema.ts";

/** The context handed to the model: the pipeline's numbers and one line per chosen investor. Pure. */

const PER_BUCKET = 5;

/**
 * One line of plain text. Names, firms, hooks and red flags come from people and web pages, so a
 * value cannot start a new line, fake a field (`|`) or close the prompt's delimiters (`<<<`).
 */
export function oneLine(text: string | null | undefined, max = MAX_CONTEXT_FIELD_CHARS): string {
  if (typeof text !== "string") return "";
  const flat = text
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, "")
    .replace(/\|/g, "/")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ");
  return quote(flat, max);
}

function listField(values: readonly string[] | undefined): string {
  const items = (values ?? [])
    .slice(0, 10)
    .map((value) => oneLine(value, 80))
    .filter((value) => value !== "");
  return items.length === 0 ? "—" : oneLine(items.join(", "));
}

export function statusLabel(status: string): string {
  const known = STATUS_LABELS[status as RelationshipStatus];
  return (known ?? oneLine(status, 40).replaceAll("_", " ")).toLowerCase();
}

export function actionLabel(action: string): string {
  return (ACTION_LABELS[action as RecommendedAction] ?? oneLine(action, 40).replaceAll("_", " ")).toLowerCase();
}

export function scoreText(score: number): string {
  return Number.isFinite(score) ? String(Math.round(score)) : "—";
}

/**
 * A copy with exactly the chat's fields. Rows arrive from the database with more columns than the
 * type admits; personal notes in particular are private to the founder and must never reach a
 * model provider, so nothing here spreads a row: every field is named.
 */
function chatFieldsOnly(row: ChatInvestor): ChatInvestor {
  return {
    id: row.id,
    name: row.name,
    firm: row.firm,
    score: row.score,
    action: row.action,
    relationship_status: row.relationship_status,
    last_contact_date: row.last_contact_date,
    signal_hook: row.signal_hook,
    signal_red_flag: row.signal_red_flag,
    sectors: [...(row.sectors ?? [])],
    stages: [...(row.stages ?? [])],
    geographies: [...(row.geographies ?? [])],
    hook_at: row.hook_at ?? null,
    action_since: row.action_since ?? null,
    amount: row.amount ?? null,
    amount_currency: row.amount_currency ?? null,
    // Kept so the rule answer sorts as Today does (app/domain/today.ts); the prompt's lines leave them out.
    fit: row.fit ?? null,
    warm: row.warm ?? null,
    cheque: row.cheque ?? null,
    next_step: row.next_step ?? null,
    next_step_date: row.next_step_date ?? null,
    meeting_date: row.meeting_date ?? null,
    owner: row.owner ?? null,
  };
}

function contextLine(investor: ChatInvestor, week: ChatWeek | undefined): string {
  const dated = week ? datedThisWeek([investor], week) : { steps: [], meetings: [] };
  const firm = oneLine(investor.firm);
  return [
    `id=${investor.id}`,
    `${oneLine(investor.name) || "(no name)"}${firm ? ` (${firm})` : ""}`,
    `score ${scoreText(investor.score)}`,
    oneLine(investor.action, 40),
    statusLabel(investor.relationship_status),
    `last contact ${oneLine(investor.last_contact_date, 20) || "—"}`,
    `hook: ${oneLine(investor.signal_hook) || "—"}`,
    `red flag: ${oneLine(investor.signal_red_flag) || "—"}`,
    `sectors: ${listField(investor.sectors)}`,
    `stages: ${listField(investor.stages)}`,
    `geographies: ${listField(investor.geographies)}`,
    // Only when there is one: most investors have no amount, and the line stays short.
    ...(investor.amount == null ? [] : [`amount: ${moneyText(investor.amount, investor.amount_currency)}`]),
    // The week's agenda only: a next step or meeting dated in the coming 7 days.
    ...(dated.steps.length === 0 ? [] : [`next step: ${oneLine(investor.next_step) || "—"}, ${investor.next_step_date}`]),
    ...(dated.meetings.length === 0 ? [] : [`meeting: ${investor.meeting_date}`]),
    // Who of the team looks after them (decision 062): "what does Jonas have due?" reads it.
    ...(investor.owner ? [`owner: ${oneLine(investor.owner, 80)}`] : []),
  ].join(" | ");
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function buildChatContext(
  message: string,
  all: ChatInvestor[],
  kpis: ChatKpis,
  options: { maxInvestors?: number; round?: ChatRound; today?: string; team?: readonly string[]; asker?: string } = {},
): ChatContext {
  const requested = options.maxInvestors ?? DEFAULT_MAX_CONTEXT_INVESTORS;
  const cap = Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : DEFAULT_MAX_CONTEXT_INVESTORS;
  const rows = dedupe(all);
  const withAction = (action: RecommendedAction) => rows.filter((investor) => investor.action === action);
  const week = options.today ? summarizeWeek(rows, options.today) : undefined;
  const dated = options.today ? datedThisWeek(rows, weekFrom(options.today)) : { steps: [], meetings: [] };
  const thisWeek = [...dated.steps.slice(0, PER_BUCKET), ...dated.meetings.slice(0, PER_BUCKET)];
  const weekAsked = asksAboutWeek(message);
  // "What does Jonas have due?": his follow-ups first, in Today's order (decision 062).
  const owner = ownerAsked(message, options.team ?? [], options.asker);
  const ownersDue = owner === undefined ? [] : ownerFollowUps(rows, owner);
  const chosen = dedupe([
    ...ownersDue.slice(0, PER_BUCKET * 2),
    ...findMentionedInvestors(message, rows),
    // "What's due this week?" lists the week's dates before Today's lists; any other question after them.
    ...(weekAsked ? thisWeek : []),
    // A money question lists those holding the money first (soft and committed), biggest amount first.
    ...(options.round && readMoneyQuestion(message)
      ? byAmount(rows.filter((investor) => isClosedStatus(investor.relationship_status) && investor.amount != null)).slice(0, PER_BUCKET)
      : []),
    // Today's lists in Today's order, so the chat names whom the dashboard and the digest name.
    ...withAction("email_first").sort(byEmailFirstOrder).slice(0, PER_BUCKET),
    ...withAction("follow_up").sort(byFollowUpOrder).slice(0, PER_BUCKET),
    ...withAction("dont_chase").sort(byDontChaseOrder).slice(0, PER_BUCKET),
    ...(weekAsked ? [] : thisWeek),
    // The best of the rest, so "who first?" has an answer even before anyone is marked email first.
    ...byScore(rows.filter((investor) => investor.action !== "dont_chase")).slice(0, PER_BUCKET),
  ])
    .slice(0, cap)
    .map(chatFieldsOnly);

  const lines = [
    `Pipeline: ${plural(kpis.tracked, "investor", "investors")} tracked | ${kpis.emailFirst} email first | ${plural(kpis.followUpsDue, "follow-up", "follow-ups")} due | ${kpis.dontChase} don't chase`,
    ...(options.round
      ? [
          `Round (${oneLine(options.round.name, 120)}): ${options.round.line}${ratesNote(options.round.totals) ? ` (amounts ${ratesNote(options.round.totals)})` : ""}`,
        ]
      : []),
    ...(week
      ? [
          `Next 7 days (${week.from} to ${week.to}): ${plural(week.next_steps, "next step", "next steps")}, ${plural(week.meetings, "meeting", "meetings")}`,
        ]
      : []),
    ...(owner === undefined
      ? []
      : [`${oneLine(owner, 80)} owns ${plural(ownersDue.length, "follow-up", "follow-ups")} due (listed first)`]),
    `Listed: ${chosen.length} of ${kpis.tracked} (those the question names or filters on first, then the top email-first, follow-ups due, don't-chase, the next steps and meetings dated in the next 7 days, and the highest scores). Investors not listed are unknown to you.`,
    ...chosen.map((investor) => contextLine(investor, week)),
  ];
  return {
    kpis: { ...kpis },
    investors: chosen,
    text: lines.join("\n"),
    ids: chosen.map((investor) => investor.id),
    ...(options.round ? { round: options.round } : {}),
    ...(week ? { week } : {}),
    ...(owner === undefined ? {} : { ownerDue: { name: owner, follow_ups: ownersDue.length } }),
  };
}

/** Biggest amount first (in dollars at the fixed rates), then by name. */
export function byAmount(investors: readonly ChatInvestor[]): ChatInvestor[] {
  return [...investors].sort(
    (a, b) =>
      (toUsd(b.amount ?? 0, b.amount_currency) ?? 0) - (toUsd(a.amount ?? 0, a.amount_currency) ?? 0) || a.name.localeCompare(b.name),
  );
}
