import { type DeckFollowUp, longestPageText } from "./deck-signals.ts";

/**
 * The outreach draft when the deck made the follow-up due (decision 068): after a read, a short
 * note offering what they looked at longest; after a view with no word since, a nudge; a link
 * never opened, sent again. The investor's own link goes in (`deckLink`: derived from the link's
 * nonce by the service, never stored), so the views keep counting for them. Pure: the draft's
 * parts, which app/domain/outreach.ts wraps with the greeting and signature.
 */

export type DeckDraftParts = { note: string; subject: string; paragraphs: string[] };

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function onDate(date: string): string {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1] ?? ""}`.trim();
}

/** "Our deck: https://…/d/…" when the investor has a live link, else nothing; `again` after they have seen it. */
export function deckLinkParagraph(deckLink: string | null | undefined, again = false): string[] {
  if (!deckLink) return [];
  return [again ? `Our deck, should you want it again: ${deckLink}` : `Our deck: ${deckLink}`];
}

/** The parts of a draft for a deck follow-up; `reason` is the follow-up's line (Today's words), the note above the draft. */
export function deckDraftParts(
  due: DeckFollowUp,
  reason: string,
  context: { suffix: string; pitch: string; meet: string; deckLink: string | null | undefined },
): DeckDraftParts {
  const link = deckLinkParagraph(context.deckLink, true);
  switch (due.kind) {
    case "deck_read": {
      const longest = longestPageText(due.read);
      // A title is the slide's own words; a page number says nothing to the investor.
      const offer = due.read.topTitle && longest ? ` and to go deeper on ${longest.toLowerCase()}` : "";
      return {
        note: reason,
        subject: `Following up on our deck${context.suffix}`,
        paragraphs: [`Thank you for taking a look at our deck. I would be glad to walk you through it${offer}.`, context.meet, ...link],
      };
    }
    case "deck_unanswered":
      return {
        note: reason,
        subject: `Following up on our deck${context.suffix}`,
        paragraphs: ["I wanted to follow up on the deck I sent, in case questions came up that I can answer.", context.meet, ...link],
      };
    case "deck_unopened":
      return {
        note: reason,
        subject: `Our deck${context.suffix}`,
        paragraphs: [
          `I sent our deck on ${onDate(due.sentOn)}; in case it got lost, here it is again${context.deckLink ? `: ${context.deckLink}` : "."}`,
          context.pitch,
          context.meet,
        ],
      };
  }
}
