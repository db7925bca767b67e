import { durationText, longestPageText } from "../deck-signals.ts";
import { oneLine } from "./context.ts";
import { normalize } from "./question.ts";
import type { ChatAnswer, ChatContext, ChatDeckReads } from "./schema.ts";

/**
 * "Who read my deck this week?" (decision 068): the investors who read the deck in the last 7 days,
 * each once with their newest read, as the service reads them (db/queries/deck-signals.server.ts:
 * people only, a preview bot is never a read). The model sees them as context lines it may cite;
 * the rule answer below is what the chat says when no model answers. Pure.
 */

/** Days back "this week" looks. */
export const DECK_READS_DAYS = 7;
/** The most readers an answer names. */
export const MAX_DECK_READERS = 10;

/** Whether a message asks who read, opened or looked at the deck. */
export function asksAboutDeckReads(message: string): boolean {
  const text = ` ${normalize(message.slice(0, 500))} `;
  const deck = / (?:deck|decks|pitch deck|slides|pitch) /.test(text);
  const read = / (?:read|reads|opened|open|opens|viewed|view|views|looked|seen|saw|watched|clicked) /.test(text);
  return deck && read;
}

function readLine(read: ChatDeckReads["reads"][number]): string {
  const firm = oneLine(read.firm, 120);
  const name = oneLine(read.name, 120) || "(no name)";
  const who = firm && firm !== name ? `${name} (${firm})` : name;
  const longest = longestPageText(read);
  const pages = `${read.pages} ${read.pages === 1 ? "page" : "pages"}`;
  const how = `${durationText(read.seconds)} over ${pages}${longest ? `, longest on ${oneLine(longest, 80)}` : ""}`;
  return `${who} on ${read.startedAt.slice(0, 10)}: ${how}${read.forwarded ? " (possibly forwarded)" : ""}`;
}

/** The context with the week's readers added: a line each with their id, and their ids citable. */
export function withDeckReads(context: ChatContext, deckReads: ChatDeckReads): ChatContext {
  const lines = deckReads.reads.map((read) => `Deck read by id=${read.investorId} ${readLine(read)}`);
  const head = `Deck reads since ${deckReads.since} (people only; link previews by bots are not reads): ${deckReads.reads.length === 0 ? "none" : deckReads.reads.length}`;
  return {
    ...context,
    deckReads,
    ids: [...new Set([...context.ids, ...deckReads.reads.map((read) => read.investorId)])],
    text: [context.text, head, ...lines].join("\n"),
  };
}

/** The rule answer: who read it, newest first, with how long and the page they stayed on. */
export function deckReadsAnswer(deckReads: ChatDeckReads): ChatAnswer {
  const reads = deckReads.reads.slice(0, MAX_DECK_READERS);
  if (reads.length === 0) {
    return {
      answer: `Nobody has read your deck since ${deckReads.since}. Link previews (Slack, Outlook's scanner) are not counted as reads. Check the links went out on the investors' pages.`,
      investor_ids: [],
    };
  }
  const count = reads.length === 1 ? "1 investor" : `${reads.length} investors`;
  return {
    answer: `${count} read your deck since ${deckReads.since}: ${reads.map(readLine).join("; ")}. A read makes a follow-up due on Today.`,
    investor_ids: reads.map((read) => read.investorId),
  };
}
