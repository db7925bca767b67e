import { z } from "zod";
import { actedOn, shortDate } from "./follow-ups.ts";
import { type InvestorEdit, isoDate, nextStepText } from "./investor.ts";
import type { RelationshipStatus } from "./vocabulary.ts";

/**
 * "Is the next step done, and what is next?" (decision 053): asked where the founder acted —
 * Today after "Emailed", the investor page after a contact is logged — when that contact acted on
 * a next step that was due. The contact alone already took the row off Today's follow-ups (the
 * step is acted on, app/domain/follow-ups.ts); the answer makes the record say so. Pure.
 */

/** The step a contact acted on: dated on or before the contact, with an answer still to give. */
export type StepToAnswer = { text: string | null; date: string };

type StepFacts = {
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  next_step: string | null;
  next_step_date: string | null;
};

const CLOSED: ReadonlySet<RelationshipStatus> = new Set(["committed", "soft_committed", "passed", "not_a_fit"]);

/** The next step to ask about now: one that was due, acted on by the last contact; else null. */
export function stepToAnswer(facts: StepFacts): StepToAnswer | null {
  const date = facts.next_step_date;
  if (!date || CLOSED.has(facts.relationship_status) || !actedOn(date, facts.last_contact_date)) return null;
  return { text: facts.next_step?.trim() || null, date };
}

/** The answer's form (POST /investors/:id/next-step): "done", or the next step in words and an optional date. */
export const nextStepAnswerSchema = z.object({
  intent: z.enum(["done", "next"]),
  next_step: nextStepText.optional(),
  next_step_date: z.union([isoDate, z.literal("")]).optional(),
  /** The token of the action just recorded ("Emailed"), so one undo takes back both. */
  undo: z.string().max(64).optional(),
  /** "investor": the answer was given on the investor page, and goes back there. */
  back: z.enum(["investor", "today"]).optional(),
});

export type NextStepAnswer = z.infer<typeof nextStepAnswerSchema>;

/** What the founder must fix before the answer is saved, in their words. */
export const NEXT_STEP_MISSING = "Write the next step, or press “Done, nothing next”.";

/** The edit an answer means: done clears the step; a next step replaces it (its date may be left empty). */
export function answerEdit(answer: NextStepAnswer): { edit: InvestorEdit } | { error: string } {
  if (answer.intent === "done") return { edit: { next_step: null, next_step_date: null } };
  const text = answer.next_step?.trim() ?? "";
  if (text === "") return { error: NEXT_STEP_MISSING };
  return { edit: { next_step: text, next_step_date: answer.next_step_date || null } };
}

/** How the step was just answered (`?answered=`). */
export type StepAnswered = "done" | "next";

/** What an answer left, as the notice says it. */
export type Answered = { how: "done" } | { how: "next"; text: string | null; date: string | null };

/** The notice's words after an answer: "The next step is done." or "Next step: Send the Q4 update, by 4 Dec." */
export function answeredText(answered: Answered, now: Date): string {
  if (answered.how === "done") return "The next step is done; nothing next is planned.";
  const text = answered.text?.replace(/[.!?]+$/, "") ?? "";
  return `Next step: ${text || "not written"}${answered.date ? `, by ${shortDate(answered.date, now)}` : ""}.`;
}

/** `?answered=done|next`: how the next step was just answered. */
export function answeredParam(value: string | null): StepAnswered | null {
  return value === "done" || value === "next" ? value : null;
}

/** `?step_error=missing|invalid`: why an answer was not saved. */
export function stepErrorParam(value: string | null): "missing" | "invalid" | null {
  return value === "missing" || value === "invalid" ? value : null;
}
