import { z } from "zod";

/**
 * What a client may ask of a refresh run (routes #4 and #5). Pure, so the OpenAPI document
 * (app/http/openapi/) describes the very schemas the routes parse.
 */

/** The last chain a run may reach; past it, with investors left, the run is `truncated`. */
export const MAX_CHAIN = 50;

/** Route #4's body. */
export const refreshRequestSchema = z.strictObject({ linkedin: z.boolean().optional() });

/** Route #5's body. */
export const refreshContinueRequestSchema = z.strictObject({
  run_id: z.uuid({ message: "must be a run id (UUID)" }),
  chain: z.number().int().min(1).max(MAX_CHAIN),
});
