import { byDontChaseOrder, byEmailFirstOrder, byFollowUpOrder } from "../today.ts";
import { moneyText } from "../currency.ts";
import { IN_TALKS_STATUSES, ratesNote } from "../round.ts";
import { ACTIONS, ACTION_LABELS, STAGES, STAGE_LABELS, STATUS_LABELS, type RelationshipStatus, isClosedStatus } from "../vocabulary.ts";
import { actionLabel, byAmount, oneLine, plural, scoreText, statusLabel } from "./context.ts";
import { type Filters, byScore, dedupe, normalize, passes, readMoneyQuestion, readQuestion } from "./question.ts";
import type { ChatAnswer, ChatContext, ChatInvestor, ChatRound } from "./schema.ts";
import { asksAboutWeek, weekSentences } from "./week.ts";
import { ownerDueSentence } from "./owners.ts";
import { introAnswer } from "./intros.ts";
import { deckReadsAnswer } from "./deck-reads.ts";

/** The plain summary, when no model answers: the same context, answered by rule. Pure. */

const MAX_NAMED_IN_SUMMARY = 5;
const MAX_LISTED_IN_SUMMARY = 5;

function displayName(investor: ChatInvestor): string {
  return oneLine(investor.name, 120) || "(no name)";
}

/** Page text without its own closing punctuation, so the sentence ends once. */
function clause(text: string | null): string {
  return oneLine(text).replace(/[.!?…;:,\s]+$/u, "");
}

function describeStanding(investor: ChatInvestor): string {
  const firm = oneLine(investor.firm, 120);
  const date = oneLine(investor.last_contact_date, 20);
  let text =
    `${displayName(investor)}${firm ? ` (${firm})` : ""}: ${statusLabel(investor.relationship_status)}, ` +
    `${date ? `last contact ${date}` : "no contact date recorded"}, score ${scoreText(investor.score)}, action ${actionLabel(investor.action)}.`;
  const hook = clause(investor.signal_hook);
  const flag = clause(investor.signal_red_flag);
  if (hook) text += ` Hook: ${hook}.`;
  if (flag) text += ` Red flag: ${flag}.`;
  return text;
}

function dontChaseReason(investor: ChatInvestor): string {
  const flag = clause(investor.signal_red_flag);
  if (flag) return `red flag: ${flag}`;
  if (isClosedStatus(investor.relationship_status)) return statusLabel(investor.relationship_status);
  return `score ${scoreText(investor.score)}`;
}

function viewLabel(filters: Filters, investors: readonly ChatInvestor[]): string {
  const display = (wanted: Set<string>, pick: (investor: ChatInvestor) => readonly string[]) => {
    const labels = new Map<string, string>();
    for (const investor of investors) {
      for (const value of pick(investor) ?? []) {
        const key = typeof value === "string" ? normalize(value) : "";
        if (wanted.has(key) && !labels.has(key)) labels.set(key, oneLine(value, 40));
      }
    }
    return [...wanted].map((key) => labels.get(key) ?? key);
  };
  return [
    ...[...filters.statuses].map((status) => statusLabel(status)),
    ...display(filters.sectors, (investor) => investor.sectors),
    ...STAGES.filter((stage) => filters.stages.has(stage)).map((stage) => STAGE_LABELS[stage]),
    ...display(filters.geographies, (investor) => investor.geographies),
  ].join(", ");
}

/**
 * The deterministic answer from the same context, for when neither model answers: who to email
 * first, follow-ups due, the week's next steps and meetings, who not to chase, where a named
 * investor stands, else the KPIs. It only repeats what the context holds, and cites exactly the
 * investors it names.
 */
export function summaryAnswer(message: string, context: ChatContext): ChatAnswer {
  const allowed = new Set(context.ids);
  const listed = dedupe(context.investors.filter((investor) => allowed.has(investor.id)));
  const reading = readQuestion(message, listed);
  const cited: ChatInvestor[] = [];
  const cite = (investors: readonly ChatInvestor[]) => {
    cited.push(...investors);
    return investors;
  };
  const finish = (sentences: string[]): ChatAnswer => ({
    answer: sentences.join(" "),
    investor_ids: dedupe(cited).map((investor) => investor.id),
  });

  // "Who can introduce me to Northzone?", "who introduced us to Kristin Lund?" (decision 065): the paths, by rule.
  if (context.intros) return introAnswer(context.intros);
  // "Who read my deck this week?" (decision 068): the week's readers, by rule.
  if (context.deckReads) return deckReadsAnswer(context.deckReads);
  // "What does Jonas have due?" (decision 062): his follow-ups, before any other reading of the question.
  if (context.ownerDue) return finish([ownerDueSentence(context.ownerDue, listed, cite, displayName, MAX_LISTED_IN_SUMMARY)]);

  const money = context.round ? readMoneyQuestion(message) : undefined;
  if (context.round && money && reading.named.length === 0) {
    return finish(moneyAnswer(money, context.round, listed, reading.filters, cite));
  }

  if (reading.named.length > 0) {
    return finish(cite(reading.named.slice(0, MAX_NAMED_IN_SUMMARY)).map(describeStanding));
  }

  const { filters } = reading;
  const narrowed = filters.statuses.size + filters.stages.size + filters.sectors.size + filters.geographies.size > 0;
  const inView = narrowed ? listed.filter((investor) => passes(investor, filters, { actions: false })) : listed;
  const label = narrowed ? ` (${viewLabel(filters, listed)})` : "";
  const { kpis } = context;
  // The KPIs count the whole pipeline; a narrowed view can only count what is listed.
  const totalOf = (shown: number, kpi: number) => (narrowed ? shown : Math.max(kpi, shown));
  const more = (total: number, shown: number) => (total > shown ? `, and ${total - shown} more` : "");
  const sentences: string[] = [];

  for (const action of ACTIONS) {
    if (!filters.actions.has(action)) continue;
    const matching = inView.filter((investor) => investor.action === action);
    if (action === "email_first") {
      const top = cite([...matching].sort(byEmailFirstOrder).slice(0, MAX_LISTED_IN_SUMMARY));
      if (top.length === 0) {
        sentences.push(`No investor is marked email first${label}.`);
        continue;
      }
      const names = top.map((investor, index) => `${displayName(investor)} (${index === 0 ? "score " : ""}${scoreText(investor.score)})`);
      sentences.push(`Email first${label}: ${names.join(", ")}${more(totalOf(matching.length, kpis.emailFirst), top.length)}.`);
      const hook = clause(top[0]!.signal_hook);
      if (hook) sentences.push(`Hook for ${displayName(top[0]!)}: ${hook}.`);
    } else if (action === "follow_up") {
      const top = cite([...matching].sort(byFollowUpOrder).slice(0, MAX_LISTED_IN_SUMMARY));
      const total = totalOf(matching.length, kpis.followUpsDue);
      if (top.length === 0) {
        sentences.push(total === 0 ? `No follow-ups are due${label}.` : `${plural(total, "follow-up is", "follow-ups are")} due.`);
        continue;
      }
      const names = top.map((investor, index) => {
        const date = oneLine(investor.last_contact_date, 20) || "no date";
        return `${displayName(investor)} (${index === 0 ? "last contact " : ""}${date})`;
      });
      sentences.push(`${plural(total, "follow-up is", "follow-ups are")} due${label}: ${names.join(", ")}${more(total, top.length)}.`);
    } else if (action === "dont_chase") {
      const top = cite([...matching].sort(byDontChaseOrder).slice(0, MAX_LISTED_IN_SUMMARY));
      if (top.length === 0) {
        sentences.push(`Nobody is marked don't chase${label}.`);
        continue;
      }
      const names = top.map((investor) => `${displayName(investor)} — ${dontChaseReason(investor)}`);
      sentences.push(`Don't chase${label}: ${names.join("; ")}${more(totalOf(matching.length, kpis.dontChase), top.length)}.`);
    } else {
      const top = cite(byScore(matching).slice(0, MAX_LISTED_IN_SUMMARY));
      const heading = ACTION_LABELS[action];
      sentences.push(
        top.length === 0
          ? `Nobody listed is marked ${heading.toLowerCase()}${label}.`
          : `${heading}${label}: ${top.map((investor) => `${displayName(investor)} (score ${scoreText(investor.score)})`).join(", ")}.`,
      );
    }
  }
  // "What's due this week?": after the follow-ups due now, what the founder dated for the coming days.
  if (context.week && asksAboutWeek(message)) {
    sentences.push(...weekSentences(listed, context.week, cite, displayName, clause, MAX_LISTED_IN_SUMMARY));
  }
  if (sentences.length > 0) return finish(sentences);

  if (narrowed) {
    const top = cite(byScore(inView).slice(0, MAX_LISTED_IN_SUMMARY));
    if (top.length === 0) return finish([`No investor matches ${viewLabel(filters, listed)}.`]);
    const names = top.map((investor) => `${displayName(investor)} (score ${scoreText(investor.score)}, ${actionLabel(investor.action)})`);
    return finish([`Matching ${viewLabel(filters, listed)}: ${names.join(", ")}${more(inView.length, top.length)}.`]);
  }

  const overview = `You track ${plural(kpis.tracked, "investor", "investors")}: ${kpis.emailFirst} to email first, ${plural(kpis.followUpsDue, "follow-up", "follow-ups")} due, ${kpis.dontChase} not worth chasing.`;
  const best = listed.filter((investor) => investor.action === "email_first").sort(byEmailFirstOrder)[0];
  const start = best ? ` Start with ${displayName(cite([best])[0]!)} (score ${scoreText(best.score)}).` : "";
  const notFound = reading.asksStanding ? "I could not find an investor by that name here. " : "";
  return finish([`${notFound}${overview}${start}`]);
}

/**
 * The round's money by rule (decision 031): every total is `roundTotals`' own, so the chat says
 * what Today, the API and the digest say; the names are the listed investors of that status,
 * biggest amount first.
 */
function moneyAnswer(
  question: NonNullable<ReturnType<typeof readMoneyQuestion>>,
  round: ChatRound,
  listed: readonly ChatInvestor[],
  filters: Filters,
  cite: (investors: readonly ChatInvestor[]) => readonly ChatInvestor[],
): string[] {
  const { totals } = round;
  const total = (amount: number) => moneyText(amount, totals.currency);
  const note = ratesNote(totals);
  const converted = note ? ` (amounts ${note})` : "";
  const holding = (status: RelationshipStatus) => {
    const count = totals.by_status.find((entry) => entry.status === status)?.count ?? 0;
    const top = cite(byAmount(listed.filter((investor) => investor.relationship_status === status)).slice(0, MAX_LISTED_IN_SUMMARY));
    const names = top.map(
      (investor) =>
        `${displayName(investor)} (${investor.amount == null ? "no amount" : moneyText(investor.amount, investor.amount_currency)})`,
    );
    return { count, names: names.length > 0 ? `${names.join(", ")}${count > top.length ? `, and ${count - top.length} more` : ""}` : "" };
  };
  if (question === "progress") return [`${round.line}${converted}.`];
  if (question === "committed") {
    const committed = holding("committed");
    return [
      `${total(totals.committed)} committed${committed.names ? `: ${committed.names}` : ""}${converted}.`,
      `Plus ${total(totals.soft_committed)} soft. ${round.line}.`,
    ];
  }
  if (question === "soft") {
    const soft = holding("soft_committed");
    if (soft.count === 0) return ["Nobody is soft committed yet."];
    return [`Soft committed: ${soft.names} — ${total(totals.soft_committed)} in all${converted}.`];
  }
  const asked = [...filters.statuses];
  const statuses = asked.length > 0 ? asked : [...IN_TALKS_STATUSES];
  return statuses.map((status) => {
    const entry = totals.by_status.find((item) => item.status === status);
    const { count, names } = holding(status);
    if (!entry || count === 0) return `Nobody is in ${statusLabel(status).toLowerCase()}.`;
    return `${STATUS_LABELS[status]}: ${plural(count, "investor", "investors")}, ${total(entry.amount)}${names ? ` — ${names}` : ""}${converted}.`;
  });
}
