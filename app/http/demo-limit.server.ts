import { apiError } from "./api-error.ts";
import { clientKey, createRateLimiter } from "./rate-limit.server.ts";

/**
 * The demo's open routes write to the database (and its chat may cost a model call), so each
 * has a limit per client and one for everyone together: many addresses must not add up to a
 * busy server or a large bill (docs/product.md#security, decision 018). A reset or a simulated
 * refresh rebuilds the demo set (a few milliseconds at the demo's bounds, bench (i)); an edit
 * touches one row. What the demo may hold is bounded apart (app/domain/demo-bounds.ts), and how
 * many open demo requests run at once too (app/http/anonymous-budget.server.ts).
 */
const MINUTE = 60_000;
export const DEMO_WRITES_PER_CLIENT = 30;
export const DEMO_REBUILDS_OVERALL = 10;
export const DEMO_EDITS_OVERALL = 120;
export const DEMO_CHATS_PER_CLIENT = 10;
export const DEMO_CHATS_OVERALL = 30;
const writesPerClient = createRateLimiter({ limit: DEMO_WRITES_PER_CLIENT, windowMs: MINUTE });
const rebuildsOverall = createRateLimiter({ limit: DEMO_REBUILDS_OVERALL, windowMs: MINUTE });
const editsOverall = createRateLimiter({ limit: DEMO_EDITS_OVERALL, windowMs: MINUTE });
const chatsPerClient = createRateLimiter({ limit: DEMO_CHATS_PER_CLIENT, windowMs: MINUTE });
const chatsOverall = createRateLimiter({ limit: DEMO_CHATS_OVERALL, windowMs: MINUTE });

type Limiter = ReturnType<typeof createRateLimiter>;

/** Counts the request against both limits, or throws a 429 error Response (neither is counted then). */
function enforce(request: Request, perClient: Limiter, overall: Limiter, words: { own: string; everyone: string }): void {
  const client = clientKey(request);
  const own = perClient.peek(client);
  if (own !== undefined) throw tooMany(`${words.own} Try again in ${own} seconds.`, own);
  const everyone = overall.peek("all");
  if (everyone !== undefined) throw tooMany(`${words.everyone} Try again in ${everyone} seconds.`, everyone);
  perClient.check(client);
  overall.check("all");
}

function tooMany(message: string, wait: number): Response {
  return apiError(429, "rate_limited", message, { headers: { "retry-after": String(wait) } });
}

/** Throws a 429 error Response when there have been too many open demo writes of this kind. */
export function limitDemoWrites(request: Request, kind: "edit" | "rebuild"): void {
  enforce(request, writesPerClient, kind === "rebuild" ? rebuildsOverall : editsOverall, {
    own: `The demo takes ${DEMO_WRITES_PER_CLIENT} changes a minute from one address.`,
    everyone:
      kind === "rebuild"
        ? `The demo is busy: it takes ${DEMO_REBUILDS_OVERALL} resets and simulated refreshes a minute from everyone together.`
        : `The demo is busy: it takes ${DEMO_EDITS_OVERALL} edits a minute from everyone together.`,
  });
}

/** Throws a 429 error Response when the open demo chat has had too many questions. */
export function limitDemoChat(request: Request): void {
  enforce(request, chatsPerClient, chatsOverall, {
    own: `The demo chat takes ${DEMO_CHATS_PER_CLIENT} questions a minute from one address.`,
    everyone: `The demo chat is busy: it takes ${DEMO_CHATS_OVERALL} questions a minute from everyone together.`,
  });
}
