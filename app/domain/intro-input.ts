import { z } from "zod";
import { INTRO_STATES } from "./intros.ts";

/**
 * What a member sends to add an intro path by hand or move an intro (decision 065): the investor
 * page's plain forms (conform-to) and the JSON API (strict bodies) read the same fields.
 */

/** After "introduced", where the investor goes: kept as it is (the default), or moved on (the founder chooses). */
export const INTRODUCED_MOVES = ["keep", "intro_requested", "contacted"] as const;
export type IntroducedMove = (typeof INTRODUCED_MOVES)[number];

const name = z.string().trim().min(1).max(120);
const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const organisation = z.string().trim().max(200);
const memberId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `POST /api/investors/:id/intro-paths`: the person (made when the team has no one of that name) and who knows them. */
export const introPathAddSchema = z.strictObject({
  name,
  email: email.optional(),
  organisation: organisation.optional(),
  /** The member who knows them; the member sending it when absent. */
  member_id: memberId.optional(),
});
export type IntroPathAdd = z.infer<typeof introPathAddSchema>;

/** `PATCH /api/intro-paths/:id`: the intro's state, and after "introduced" where the investor goes. */
export const introStateSchema = z.strictObject({
  state: z.enum(INTRO_STATES),
  investor_status: z.enum(INTRODUCED_MOVES).optional(),
});
export type IntroStateChange = z.infer<typeof introStateSchema>;

/** The investor page's forms: the same fields with the form's `intent` (and conform's empty fields as absent). */
export const introAddFormSchema = z.strictObject({
  intent: z.literal("intro_add"),
  name,
  email: email.optional(),
  organisation: organisation.optional(),
  member_id: memberId.optional(),
});
export const introStateFormSchema = z.strictObject({
  intent: z.literal("intro_state"),
  path_id: memberId,
  state: z.enum(INTRO_STATES),
  investor_status: z.enum(INTRODUCED_MOVES).optional(),
});
export const introRemoveFormSchema = z.strictObject({ intent: z.literal("intro_remove"), path_id: memberId });

export const INTRO_FORM_WORDS = {
  name: { label: "Name", required: "Write the name of the person who can introduce you" },
  email: { label: "Email", invalid: "Enter an email address like erik@example.com, or leave it empty" },
  organisation: { label: "Organisation" },
  member_id: { label: "Who knows them", invalid: "Choose a member of your team" },
  state: { label: "State", invalid: "Choose a state: to ask, asked, agreed, introduced or declined" },
  investor_status: { label: "The investor's status", invalid: "Choose whether to keep the investor's status or move it" },
  path_id: { label: "Path", invalid: "That intro path is no longer here: reload the page" },
};

/** The form: which path, and "asked" (Today's button) or "to_ask" (the notice's Undo). Strict: nothing else. */
export const introAskedForm = z.strictObject({
  path: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
  state: z.enum(["asked", "to_ask"]).default("asked"),
  mine: z.literal("1").optional(),
});
