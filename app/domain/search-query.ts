import { z } from "zod";
import { MAX_SEARCH_QUERY_CHARS } from "./palette-search.ts";

/**
 * Route #7's query (decision 066): the founder's words and how many answers, or the ids an answer
 * cites. Every answer is at most SEARCH_ANSWER_MAX investors, whatever the pipeline holds.
 */

/** The most investors one answer lists (the search page shows this many; the palette asks for 20). */
export const SEARCH_ANSWER_MAX = 50;

const ID_LIST = new RegExp(`^\\d{1,15}(?:,\\d{1,15}){0,${SEARCH_ANSWER_MAX - 1}}$`);

export const searchFeedQuerySchema = z
  .strictObject({
    demo: z.literal("1").optional(),
    q: z.string().max(MAX_SEARCH_QUERY_CHARS, `at most ${MAX_SEARCH_QUERY_CHARS} characters`).optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, "a whole number")
      .transform(Number)
      .pipe(z.number().int().min(1).max(SEARCH_ANSWER_MAX))
      .optional(),
    ids: z
      .string()
      .regex(ID_LIST, `up to ${SEARCH_ANSWER_MAX} investor ids, separated by commas`)
      .transform((list) => list.split(",").map(Number))
      .optional(),
  })
  .refine((query) => query.ids === undefined || query.q === undefined, { message: "ask with q or with ids, not both", path: ["ids"] });

export type SearchFeedQuery = z.output<typeof searchFeedQuerySchema>;
