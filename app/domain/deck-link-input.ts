import { z } from "zod";
import { VIEW_LIMITS } from "./deck-links.ts";
import { MAX_DECK_PAGES } from "./decks.ts";

/**
 * What the founder sends to make or change a deck link (decision 068, docs/api.md#deck-links):
 * the JSON API's strict bodies (snake_case keys, like the rest of the API), and the investor and
 * startup pages' forms; and what a viewer's browser reports (its time per page). Plain: both
 * sides import it.
 */

const expiresAt = z.iso.datetime({ offset: true }).nullable().describe("When the link stops working (ISO 8601); null: never.");
const pinnedVersion = z
  .number()
  .int()
  .min(1)
  .nullable()
  .describe("A ready version's number to show always; null: follow the deck's newest ready version.");

export const deckLinkCreateSchema = z
  .object({
    startup_id: z.number().int().min(1).describe("The startup whose deck the link shows."),
    investor_id: z.number().int().min(1).optional().describe("The investor the link is for (one active link per investor per deck)."),
    label: z.string().trim().min(1).max(80).optional().describe("An ad-hoc link's label, when it is for no investor."),
    allow_download: z.boolean().optional().describe("Whether the visitor may download the PDF (default false)."),
    email_gate: z.boolean().optional().describe("Whether the visitor is asked for an email before the pages (default false)."),
    expires_at: expiresAt.optional(),
    pinned_version: pinnedVersion.optional(),
  })
  .strict()
  .refine((body) => (body.investor_id === undefined) !== (body.label === undefined), {
    message: "Give either investor_id or label, not both.",
    path: ["investor_id"],
  });
export type DeckLinkCreateBody = z.infer<typeof deckLinkCreateSchema>;

export const deckLinkChangeSchema = z
  .object({
    revoke: z.literal(true).optional().describe("Turn the link off for good (a new link can be made)."),
    allow_download: z.boolean().optional(),
    email_gate: z.boolean().optional(),
    expires_at: expiresAt.optional(),
    pinned_version: pinnedVersion.optional(),
  })
  .strict();
export type DeckLinkChangeBody = z.infer<typeof deckLinkChangeSchema>;

/** An expiry date from a form's `<input type="date">` ("2026-12-31"): the end of that day, UTC; empty is none. */
export function expiryFromForm(value: FormDataEntryValue | null): string | null | undefined {
  if (typeof value !== "string" || value.trim() === "") return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return undefined;
  const at = new Date(`${value.trim()}T23:59:59.000Z`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

const linkId = z.number().int().min(1);

/**
 * The investor and startup pages' deck-link forms, one `intent` each (read with conform's
 * parseWithZod: numbers and booleans come as text, an empty field as absent).
 */
export const deckLinkFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("make"),
    startup: z.number().int().min(1).optional(),
    label: z.string().trim().max(80).optional(),
    email_gate: z.literal("true").optional(),
    allow_download: z.literal("true").optional(),
  }),
  z.object({ intent: z.literal("revoke"), link: linkId }),
  z.object({ intent: z.literal("download"), link: linkId, allow: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("expiry"), link: linkId, expires: z.string().max(20).optional() }),
]);
export type DeckLinkForm = z.infer<typeof deckLinkFormSchema>;

/** The viewer's report of seconds per page (POST /d/:token/view): strict and bounded; the key is checked by the service. */
export const viewReportSchema = z
  .object({
    view: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    key: z.string().min(1).max(64),
    pages: z
      .array(
        z
          .object({
            page: z.number().int().min(1).max(MAX_DECK_PAGES),
            seconds: z.number().int().min(0).max(VIEW_LIMITS.maxSecondsPerPageReport),
          })
          .strict(),
      )
      .max(VIEW_LIMITS.maxPagesPerReport),
  })
  .strict();
