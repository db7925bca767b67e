import type { InvestorEdit } from "./investor.ts";

/**
 * How big a demo investor may grow (decision 018). Anyone may edit a demo investor, so what one
 * investor holds is capped; with the set's size fixed by the seed, so is the whole demo.
 *
 * 50 contacts: a real pipeline's busiest investor has a few dozen touches over a raise, so 50
 * is room to try the page (the seed gives at most 3) while the worst case stays small:
 * 50 × 500 characters is 25 KB of notes per investor, under 2 MB over the 66 seeded investors.
 */
export const DEMO_CONTACTS_PER_INVESTOR = 50;
/** The longest note a visitor may write on a demo investor (a contact's note or the private notes): a long paragraph. */
export const DEMO_NOTE_CHARS = 500;
/** The newest evidence kept per demo investor: each simulated refresh adds some, so older items go. */
export const DEMO_EVIDENCE_PER_INVESTOR = 30;

/**
 * The intro paths a demo investor may hold (decision 065): anyone may add one by hand, each a new
 * person with a draft on the page. The seed gives at most a few; 20 is room to try the panel, and
 * keeps the page and the demo's people bounded (at most 20 × the seeded investors) between resets.
 */
export const DEMO_PATHS_PER_INVESTOR = 20;

/** The contact entries an investor page and route #9's answer show at once; older ones are a page further. */
export const CONTACTS_PER_PAGE = 20;

export type DemoRefusal = {
  /** 409 for a full history (the state forbids it), 400 for a note too long (the value is wrong). */
  status: 400 | 409;
  code: "demo_limit" | "invalid_body";
  message: string;
  /** The field at fault, for the form and the error's `fields`. */
  field?: "add_contact.note" | "personal_notes";
};

/**
 * Why this edit of a demo investor that already has `contacts` entries is refused, or null. The
 * same rule for route #9, the page form, "Emailed" and "Log" (they all add through the edit).
 */
export function demoEditRefusal(edit: InvestorEdit, contacts: number): DemoRefusal | null {
  const note = edit.add_contact?.note;
  if (note !== undefined && note.length > DEMO_NOTE_CHARS) {
    return {
      status: 400,
      code: "invalid_body",
      field: "add_contact.note",
      message: `On the demo a note is at most ${DEMO_NOTE_CHARS} characters; this one has ${note.length}.`,
    };
  }
  const notes = edit.personal_notes?.trim();
  if (notes && notes.length > DEMO_NOTE_CHARS) {
    return {
      status: 400,
      code: "invalid_body",
      field: "personal_notes",
      message: `On the demo private notes are at most ${DEMO_NOTE_CHARS} characters; these have ${notes.length}.`,
    };
  }
  if (edit.add_contact && contacts >= DEMO_CONTACTS_PER_INVESTOR) {
    return {
      status: 409,
      code: "demo_limit",
      message: `A demo investor keeps at most ${DEMO_CONTACTS_PER_INVESTOR} contacts and this one is full. Reset the demo on /demo to start again (it also resets itself every hour).`,
    };
  }
  return null;
}
