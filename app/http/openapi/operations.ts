import { z } from "zod";
import { chatRequestSchema } from "../../domain/chat/schema.ts";
import { investorPatchSchema, mergeRequestSchema } from "../../domain/investor-profile.ts";
import { rubricPatchSchema, startupInputSchema } from "../../domain/rubric/schema.ts";
import { roundPutSchema } from "../../domain/round-input.ts";
import { MAX_CHAIN, refreshContinueRequestSchema, refreshRequestSchema } from "../../domain/runs.ts";
import {
  type JsonSchema,
  type OperationEntry,
  SECURITY,
  TAGS,
  errorResponses,
  storageResponses,
  jsonContent,
  ok,
  problem,
  ref,
} from "./responses.ts";
import { INTRO_OPERATIONS } from "./intro-operations.ts";
import { DECK_LINK_OPERATIONS } from "./deck-link-operations.ts";

/**
 * The 33 operations (warm intros' four from intro-operations.ts, deck links' four from deck-link-operations.ts), one entry each: what it is, its words (summary and description, the
 * short form of docs/api.md), its body's zod schema, and the answers of its own. The errors
 * every operation shares are added from its credential and method (responses.ts).
 */

/** Request bodies are what a client sends, so the schema describes the input side of each zod schema. */
export function requestBodyJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
}

const RUN_STARTED: JsonSchema = {
  type: "object",
  properties: {
    run_id: { type: "string", format: "uuid" },
    status: { type: "string", enum: ["queued"] },
    selected: { type: "integer", minimum: 0, description: "Investors in the run's queue (grouped searches included)." },
  },
  required: ["run_id", "status", "selected"],
};

const REFRESH_REFUSALS = {
  "409": {
    description: "A refresh is already queued, running or waiting for its next chain (`run_in_progress`).",
    content: jsonContent(ref("RunInProgress")),
  },
  "503": problem(
    "Web search is not configured: `TAVILY_API_KEY` is unset (`search_not_configured`); or the database cannot be written (`storage_unavailable`).",
  ),
};

const ETAG = { ETag: { $ref: "#/components/headers/ETag" } };
const VERSION = { ETag: { $ref: "#/components/headers/InvestorVersion" } };

const OPERATIONS: OperationEntry[] = [
  {
    path: "/api/health",
    method: "get",
    operationId: "getHealth",
    tag: "system",
    auth: "open",
    summary: "Is the process up and the database usable?",
    description: "Route #1. Open. `settings` says yes/no per setting, never a value.",
    responses: {
      "200": ok("The database answers.", ref("Health")),
      "503": ok(
        'The database is not usable (`status: "unavailable"`). A database that reads but takes no writes is `degraded`, with 200.',
        ref("Health"),
      ),
    },
  },
  {
    path: "/api/cron/refresh",
    method: "get",
    operationId: "cronRefresh",
    tag: "refresh",
    auth: "cron",
    summary: "Start a scheduled refresh (for an external cron)",
    description: 'Route #2. Queues a run with `trigger: "cron"` and no LinkedIn searches; the in-process poller works it.',
    responses: { "202": ok("Queued.", RUN_STARTED), ...REFRESH_REFUSALS },
  },
  {
    path: "/api/cron/digest",
    method: "get",
    operationId: "cronDigest",
    tag: "system",
    auth: "cron",
    summary: "Send today's digest (SMS or WhatsApp), or return its text",
    description:
      "Route #3. Reads real rows only and writes nothing. Without Twilio settings, or when sending fails, `sent` is false and `reason` says why.",
    responses: { "200": ok("The digest, sent or not.", ref("Digest")) },
  },
  {
    path: "/api/cron/discover",
    method: "get",
    operationId: "cronDiscover",
    tag: "discovery",
    auth: "cron",
    summary: "Start a discovery run (for an external cron)",
    description:
      "Queues a `discovery` run (decision 034): the week's funding news read once, deals merged, new investors ranked on Discover, a pipeline investor's deals saved as their evidence. The in-process poller works it.",
    responses: {
      "202": ok("Queued.", { type: "object", properties: { run_id: { type: "string", format: "uuid" } }, required: ["run_id"] }),
      "409": {
        description: "A discovery run is already queued or running (`run_in_progress`).",
        content: jsonContent(ref("RunInProgress")),
      },
    },
  },
  {
    path: "/api/discoveries",
    method: "get",
    operationId: "listDiscoveries",
    tag: "discovery",
    auth: "session",
    summary: "The recent deals and the new investors they name, ranked",
    description:
      "Deals of the last 90 days, and the investors they name who are not in the pipeline, best first: `score` 0–100 (fit of their deals with your startups, lead above participant, recency, matching deals), a plain `reason`, and `dismissed`.",
    responses: { "200": ok("The deals and the ranked investors.", ref("Discoveries")) },
  },
  {
    path: "/api/discoveries/{key}/add",
    method: "post",
    operationId: "addDiscovery",
    tag: "discovery",
    auth: "session",
    summary: "Add a discovered investor to the pipeline",
    description:
      "Creates the investor with the profile their deals show (sectors, stages, places, the rounds' amounts as a cheque range), status `not_contacted`, and every deal naming them as evidence. No body (or `{}`).",
    parameters: ["discoveryKey"],
    responses: {
      "201": ok("Added.", { type: "object", properties: { investor_id: { type: "integer", minimum: 1 } }, required: ["investor_id"] }),
    },
  },
  {
    path: "/api/discoveries/{key}/dismiss",
    method: "post",
    operationId: "dismissDiscovery",
    tag: "discovery",
    auth: "session",
    summary: "Dismiss a discovered investor",
    description: "Hides them from Discover until they lead a matching deal announced after the dismissal. No body (or `{}`).",
    parameters: ["discoveryKey"],
    responses: {
      "200": ok("Dismissed.", {
        type: "object",
        properties: { key: { type: "string" }, dismissed: { type: "boolean", enum: [true] } },
        required: ["key", "dismissed"],
      }),
    },
  },
  {
    path: "/api/refresh",
    method: "post",
    operationId: "startManualRefresh",
    tag: "refresh",
    auth: "adminPasscode",
    summary: "Start a manual refresh",
    description:
      "Route #4. Only the `x-admin-passcode` header is accepted (not the session cookie). At most one accepted manual refresh per 10 minutes, remembered in the database across restarts. `linkedin: true` adds a LinkedIn search per investor (two credits each).",
    body: { schema: refreshRequestSchema, required: false },
    responses: { "202": ok("Queued.", RUN_STARTED), ...REFRESH_REFUSALS },
  },
  {
    path: "/api/refresh/continue",
    method: "post",
    operationId: "continueRefresh",
    tag: "refresh",
    auth: "cron",
    summary: "Start a run's next chain now",
    description: `Route #5. The poller would start it within 5 seconds anyway. \`chain\` is 1–${MAX_CHAIN}: the run's next chain → 202 (the run waits for it); a chain at or below the run's current one → 200, a no-op; anything else → 409 \`chain_out_of_order\`.`,
    body: { schema: refreshContinueRequestSchema, required: true },
    findsById: true,
    responses: {
      "202": ok("The next chain is queued.", ref("ChainAccepted")),
      "200": ok("That chain was already accepted: nothing changes.", ref("ChainAccepted")),
      "409": problem("The chain is not the run's next (`chain_out_of_order`)."),
    },
  },
  {
    path: "/api/rescore",
    method: "post",
    operationId: "rescore",
    tag: "system",
    auth: "cron",
    summary: "Recompute every score and action from saved data",
    description: "Route #6. Today's decay and follow-up dates; no search, no model call.",
    responses: { "200": ok("Done.", ref("Rescored")) },
  },
  {
    path: "/api/search-feed",
    method: "get",
    operationId: "searchFeed",
    tag: "investors",
    auth: "sessionOrDemo",
    summary: "Find investors of one side by name or firm, for the Ctrl+K palette",
    description:
      "Route #7 (decision 066). At most 50 investors an answer, never the whole pipeline: the best matches for `q` by the palette's ranking, the best-scored without it, or the investors `ids` names. Real investors need a credential; with `?demo=1` it is open and lists demo investors only. `ETag` is a hash of the body; `If-None-Match` is compared weakly. A wrong or unknown parameter is 400 `invalid_query`.",
    parameters: ["demo", "searchQuery", "searchLimit", "searchIds", "ifNoneMatch"],
    responses: {
      "200": { description: "The matches, best first.", headers: ETAG, content: jsonContent(ref("SearchFeed")) },
      "400": problem(
        "`invalid_query`: `q` longer than 200 characters, `limit` not 1–50, `ids` not up to 50 ids, `q` and `ids` both, or an unknown parameter (`fields` names it).",
      ),
      "304": { description: "Unchanged since the ETag sent.", headers: ETAG },
    },
  },
  {
    path: "/api/chat",
    method: "post",
    operationId: "chat",
    tag: "investors",
    auth: "sessionOrDemo",
    summary: "Ask a question about the pipeline",
    description:
      'Route #8. Answers from the dashboard\'s own data: the model when one answers within its schema, else a rule-based summary (`source: "summary"`). `investor_ids` are the investors the answer cites, all from the same side. With `?demo=1` it is open, sees demo rows only, and takes 10 questions a minute per client.',
    parameters: ["demo"],
    body: { schema: chatRequestSchema, required: true },
    responses: { "200": ok("The answer.", ref("ChatAnswer")) },
  },
  {
    path: "/api/investors/{id}",
    method: "patch",
    operationId: "editInvestor",
    tag: "investors",
    auth: "sessionOrDemo",
    summary: "Edit the user-owned columns and the profile",
    description:
      "Route #9. The user-owned columns — `relationship_status`, `last_contact_date`, `add_contact` (appended to the contact history; a dated contact moves the last contact date forward, never back) and `personal_notes` (blank → null), the money and the next step (`amount` ≥ 0 or null, `amount_currency`, `amount_startup_id` — the startup whose round the amount counts in, one of the founder's own (else a 400), null for the round raising now; a demo investor's is always null — `next_step` ≤ 200 characters on one line, `next_step` and `pass_note` without control characters, `next_step_date`, `meeting_date`, `pass_reason` with `pass_note`), the owner (`owner_member_id`: a live member of the investor's own side, else a 400; null for nobody) — and the profile: `name`, `firm`, `kind`, `email`, `website`, `linkedin_url`, `sectors`, `stages`, `geographies` (place names as the countries data writes them: `UK` → `United Kingdom`), `based_in` (where they are based, one place named as the places data names it: `Trondheim` → `Trondheim, Norway`; null clears it), `check_min`, `check_max`, `check_currency` (null clears a field; `check_min` above `check_max`, given or saved, is a 400). The investor and every startup's score for it are re-scored. Any other key is a 400 naming it, and nothing is written. A demo investor may be edited without a credential (30 open writes a minute per client, 120 from everyone; at most 50 contacts per demo investor, 409 `demo_limit` past it; notes of at most 500 characters on the demo). The answer holds the newest 20 contact entries and the total. Its `ETag` is the investor's version; sent back as `If-Match`, an edit based on an older version is refused with 409 `conflict` when a newer change touched the same group of user-owned columns or profile field (a contact only adds and never clashes); without `If-Match` it is not checked.",
    parameters: ["investorId", "ifMatch"],
    body: { schema: investorPatchSchema, required: true },
    responses: {
      "200": {
        description: "The investor as saved, re-scored, with the newest page of its contact history; `ETag` is its version.",
        headers: VERSION,
        content: jsonContent(ref("Investor")),
      },
      "409": {
        description:
          "A demo investor's contact history is full (`demo_limit`); or the edit was based on an older version (`If-Match`) and a newer change touched what it changes (`conflict`: `error.changes` says who changed what and when, `ETag` is the version saved now). Nothing was changed.",
        headers: VERSION,
        content: jsonContent(ref("Error")),
      },
    },
  },
  {
    path: "/api/investors/{id}",
    method: "delete",
    operationId: "deleteInvestor",
    tag: "investors",
    auth: "session",
    summary: "Delete an investor",
    description:
      "Route #16. The investor goes with its evidence, contact history, mail contacts, evaluations and per-startup scores: gone from Today, the feed, the digest and the exports. Session only, real investors only: a demo investor is a 409 `demo_investor` (reset the demo instead).",
    parameters: ["investorId"],
    responses: {
      "200": ok("Deleted.", ref("Deleted")),
      "409": problem("A demo investor (`demo_investor`): nothing was deleted."),
    },
  },
  {
    path: "/api/investors/{id}/merge",
    method: "post",
    operationId: "mergeInvestors",
    tag: "investors",
    auth: "session",
    summary: "Merge another investor into this one",
    description:
      "Route #17. `{other_id}` is folded into `{id}`, in one transaction: its contact history, evidence, mail contacts and evaluations move over (an item both have is kept once), `{id}`'s empty profile fields are filled from the other's (the cheque range whole, with its currency), the notes joined (this one's first), the later last contact kept, and the other's status taken when this one was never contacted. The other is deleted and the survivor re-scored, with every startup's score. Session only, real investors only (409 `demo_investor`); `other_id` equal to `{id}` is a 400.",
    parameters: ["investorId"],
    body: { schema: mergeRequestSchema, required: true },
    responses: {
      "200": ok("The survivor, re-scored, with the newest page of its contact history.", ref("Investor")),
      "409": problem("A demo investor (`demo_investor`): nothing was merged."),
    },
  },
  {
    path: "/api/investors/{id}/activity",
    method: "get",
    operationId: "investorActivity",
    tag: "investors",
    auth: "session",
    summary: "Who changed what on one investor",
    description:
      "The investor's activity, newest first (decision 061): each change with its author (a member, or a named system actor such as the refresh) and in words. `limit` 1–200 (50); `before` an id, for the next page (`next_before`). Real investors only; a wrong parameter is a 400 `invalid_query` naming it.",
    parameters: ["investorId", "activityBefore", "activityLimit"],
    responses: {
      "200": ok("The investor's activity.", ref("InvestorActivity")),
      "400": problem("`invalid_query`: a parameter is not a whole number in range, or is unknown (`fields` names it)."),
    },
  },
  {
    path: "/api/activity",
    method: "get",
    operationId: "activityAfter",
    tag: "investors",
    auth: "session",
    summary: "Who changed what, read on from an id",
    description:
      "Every change on the founder's side after `after` (0: from the start), oldest first, at most `limit` (1–200, 50): investors, imports (one entry each, with the file and counts), round and rubric edits, what a refresh found. Ask again with `after=last_id` for what came since. A wrong parameter is a 400 `invalid_query` naming it.",
    parameters: ["activityAfterId", "activityLimit"],
    responses: {
      "200": ok("The activity after the id.", ref("ActivityAfter")),
      "400": problem("`invalid_query`: a parameter is not a whole number in range, or is unknown (`fields` names it)."),
    },
  },
  {
    path: "/api/startups",
    method: "post",
    operationId: "createStartup",
    tag: "startups",
    auth: "session",
    summary: "Add a startup with a rubric",
    description:
      'Route #10. The model drafts the rubric; when it is missing, fails or answers badly a default rubric is derived from the startup (`rubric_source: "default"`). Every investor is then scored for it: before the answer up to 500 investors, after it past that (decision 041).',
    body: { schema: startupInputSchema, required: true },
    responses: { "201": ok("Created.", ref("StartupCreated")) },
  },
  {
    path: "/api/startups/{id}",
    method: "delete",
    operationId: "deleteStartup",
    tag: "startups",
    auth: "session",
    summary: "Delete a startup",
    description:
      "Route #13. Its rubrics, evaluations and scores go; investors and evidence stay, their fit redone from the startups left (after the answer past 500 investors, decision 041).",
    parameters: ["startupId"],
    responses: { "200": ok("Deleted.", ref("Deleted")) },
  },
  {
    path: "/api/startups/{id}/evaluate",
    method: "post",
    operationId: "evaluateStartup",
    tag: "startups",
    auth: "session",
    summary: "Judge saved evidence for this startup, then score everyone",
    description:
      'Route #11. The model reads each investor\'s saved evidence (10 newest items, 8 investors a call); never a web search. Without a model, or when no batch is answered, `source: "rules_only"`.',
    parameters: ["startupId"],
    responses: { "200": ok("Evaluated and scored.", ref("Evaluation")) },
  },
  {
    path: "/api/startups/{id}/rubric",
    method: "patch",
    operationId: "changeRubric",
    tag: "startups",
    auth: "session",
    summary: "Save an edited rubric, or ask the model for a new one",
    description:
      'Route #12. Exactly one of `rubric` (a new version, re-scored at once, no model call; `dont_chase` must be below `email_first`, `check_size.min` not above `max`, at least one weight above 0) or `action: "regenerate"` (the model drafts one; when it cannot, the current rubric is kept, `rescored` is 0 and `message` says so).',
    parameters: ["startupId"],
    body: { schema: rubricPatchSchema, required: true },
    responses: { "200": ok("The rubric now in force.", ref("RubricChanged")) },
  },
  {
    path: "/api/round",
    method: "get",
    operationId: "getRound",
    tag: "startups",
    auth: "session",
    summary: "The round raising now, with its totals",
    description:
      "Route #18. The round raising now (the only startup, else the one marked raising now; nulls without one) and its totals over the investors' amounts, converted into the round's currency at the reference rates shipped with the app, or the founder's own rate set on /settings (`converted` says when, `rates` at which day and which were the founder's; an amount whose currency has no rate is left out and counted in `without_rate`): `committed`, `soft_committed`, `in_talks` (intro requested to due diligence), `percent` ((committed + soft) / target, above 100 when oversubscribed, null without a target) and `by_status` (every status with its count and amount). An amount set for another startup's round is left out of the amounts.",
    responses: { "200": ok("The round and its totals.", ref("Round")) },
  },
  {
    path: "/api/round",
    method: "put",
    operationId: "setRound",
    tag: "startups",
    auth: "session",
    summary: "Set the round",
    description:
      "Route #19. Sets `startup_id`'s round (default: the round raising now) and makes it the one raising now: `target` (whole, 0–10,000,000,000), `currency` (ISO 4217, null = USD), `close_by` (YYYY-MM-DD), `instrument` (`safe`, `convertible`, `priced`), `role_wanted` (`lead`, `co_lead`, `follow`), `valuation_cap`, `pre_money`; each optional, null clears. Making another startup the one raising now, or changing `target` or `role_wanted` (the rubric's cheque range follows them), re-scores every investor: its score becomes each investor's own (decision 039); up to 500 investors before answering, past that after the answer, Today saying how far it is (decision 041). Several startups and none raising now without `startup_id`: 400 naming it; no startup at all: 409 `no_startup`.",
    body: { schema: roundPutSchema, required: false },
    findsById: true,
    responses: {
      "200": ok("The round now, with its totals.", ref("Round")),
      "409": problem("No startup yet (`no_startup`): add one first."),
    },
  },
  {
    path: "/api/demo/reset",
    method: "post",
    operationId: "resetDemo",
    tag: "demo",
    auth: "open",
    summary: "Re-create the demo investors",
    description:
      "Route #14. Open; only demo rows (and demo runs) change. 30 open writes a minute per client; 10 resets and simulated refreshes a minute from everyone.",
    responses: {
      "200": ok("Reset.", {
        type: "object",
        properties: { demo_investors: { type: "integer", minimum: 0 } },
        required: ["demo_investors"],
      }),
    },
  },
  {
    path: "/api/demo/refresh",
    method: "post",
    operationId: "refreshDemo",
    tag: "demo",
    auth: "open",
    summary: "Simulate a refresh of the demo investors",
    description:
      "Route #15. Open; no search, no model, no credits; demo rows only (a demo investor keeps its newest 30 evidence items). 30 open writes a minute per client; 10 resets and simulated refreshes a minute from everyone.",
    responses: {
      "200": ok("Simulated.", {
        type: "object",
        properties: { run_id: { type: "string", format: "uuid" }, updated: { type: "integer", minimum: 0 } },
        required: ["run_id", "updated"],
      }),
    },
  },
];

/** A write that takes no body still checks one that is sent (`{}` or nothing): the description says so once, here. */
const NO_BODY = "Takes no body (`{}` or nothing).";

function operationObject(entry: OperationEntry): Record<string, unknown> {
  const write = entry.method !== "get";
  const findsById = entry.findsById === true || entry.path.includes("{");
  return {
    operationId: entry.operationId,
    tags: [TAGS[entry.tag]],
    summary: entry.summary,
    description: write && !entry.body ? `${entry.description} ${NO_BODY}` : entry.description,
    security: SECURITY[entry.auth],
    ...(entry.parameters ? { parameters: entry.parameters.map((name) => ({ $ref: `#/components/parameters/${name}` })) } : {}),
    ...(entry.body
      ? { requestBody: { required: entry.body.required, content: jsonContent(requestBodyJsonSchema(entry.body.schema)) } }
      : {}),
    responses: { ...storageResponses(write), ...entry.responses, ...errorResponses(entry.auth, write, findsById) },
  };
}

/** The document's `paths`, each path with its one operation. */
export function operations(): Record<string, Record<string, Record<string, unknown>>> {
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const entry of [...OPERATIONS, ...INTRO_OPERATIONS, ...DECK_LINK_OPERATIONS])
    paths[entry.path] = { ...paths[entry.path], [entry.method]: operationObject(entry) };
  return paths;
}
