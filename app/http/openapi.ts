import { z } from "zod";
import { chatRequestSchema } from "../domain/chat.ts";
import { ACTIONS, INVESTOR_KINDS, RELATIONSHIP_STATUSES, STAGES, investorEditSchema } from "../domain/investor.ts";
import { rubricPatchSchema, rubricSchema, startupInputSchema } from "../domain/rubric.ts";
import { MAX_CHAIN, refreshContinueRequestSchema, refreshRequestSchema } from "../domain/runs.ts";

/**
 * The OpenAPI 3.1 document of the 15 `/api` routes, served at `/openapi.json` and described in
 * words in docs/api.md. Pure: request bodies are `z.toJSONSchema` of the very zod schemas the
 * routes parse (tests/unit/http/openapi.test.ts holds each route to its schema), so the document
 * cannot drift from what the server accepts. Responses are written by hand from the route code.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** Request bodies are what a client sends, so the schema describes the input side of each zod schema. */
export function requestBodyJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });
const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });
const ok = (description: string, schema: JsonSchema) => ({ description, content: jsonContent(schema) });
const problem = (description: string) => ({ description, content: jsonContent(ref("Error")) });

/** The JSON body of a route that takes one; a body is required unless every key is optional. */
function jsonBody(schema: z.ZodType, required: boolean) {
  return { required, content: jsonContent(requestBodyJsonSchema(schema)) };
}

const SESSION = [{ session: [] }, { adminPasscode: [] }];
const CRON = [{ cronBearer: [] }];
const OPEN: never[] = [];
/** Signed in, or anonymous on the demo side (`?demo=1`, a demo investor). */
const SESSION_OR_DEMO = [{ session: [] }, { adminPasscode: [] }, {}];

/** Errors every JSON body route can answer before it looks at the body's meaning. */
const BODY_ERRORS = {
  "400": responseRef("InvalidBody"),
  "413": responseRef("TooLarge"),
  "415": responseRef("NotJson"),
};
/** Routes that take no body still check one that is sent: `{}` or nothing. */
const NO_BODY_ERRORS = BODY_ERRORS;

const TAGS = { system: "System", refresh: "Refresh", investors: "Investors", startups: "Startups", demo: "Demo" } as const;

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
  "503": problem("Web search is not configured: `TAVILY_API_KEY` is unset (`search_not_configured`)."),
};

function paths(): Record<string, Record<string, Operation>> {
  return {
    "/api/health": {
      get: {
        operationId: "getHealth",
        tags: [TAGS.system],
        summary: "Is the process up and the database usable?",
        description: "Route #1. Open. `settings` says yes/no per setting, never a value.",
        security: OPEN,
        responses: {
          "200": ok("The database answers.", ref("Health")),
          "503": ok('The database is not usable (`status: "unavailable"`).', ref("Health")),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/cron/refresh": {
      get: {
        operationId: "cronRefresh",
        tags: [TAGS.refresh],
        summary: "Start a scheduled refresh (for an external cron)",
        description: 'Route #2. Queues a run with `trigger: "cron"` and no LinkedIn searches; the in-process poller works it.',
        security: CRON,
        responses: {
          "202": ok("Queued.", RUN_STARTED),
          ...REFRESH_REFUSALS,
          "401": responseRef("Unauthorized"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/cron/digest": {
      get: {
        operationId: "cronDigest",
        tags: [TAGS.system],
        summary: "Send today's digest (SMS or WhatsApp), or return its text",
        description:
          "Route #3. Reads real rows only and writes nothing. Without Twilio settings, or when sending fails, `sent` is false and `reason` says why.",
        security: CRON,
        responses: {
          "200": ok("The digest, sent or not.", ref("Digest")),
          "401": responseRef("Unauthorized"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/refresh": {
      post: {
        operationId: "startManualRefresh",
        tags: [TAGS.refresh],
        summary: "Start a manual refresh",
        description:
          "Route #4. Only the `x-admin-passcode` header is accepted (not the session cookie). At most one accepted manual refresh per 10 minutes, remembered in the database across restarts. `linkedin: true` adds a LinkedIn search per investor (two credits each).",
        security: [{ adminPasscode: [] }],
        requestBody: jsonBody(refreshRequestSchema, false),
        responses: {
          "202": ok("Queued.", RUN_STARTED),
          ...BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          ...REFRESH_REFUSALS,
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/refresh/continue": {
      post: {
        operationId: "continueRefresh",
        tags: [TAGS.refresh],
        summary: "Start a run's next chain now",
        description: `Route #5. The poller would start it within 5 seconds anyway. \`chain\` is 1–${MAX_CHAIN}: the run's next chain → 202 (the run waits for it); a chain at or below the run's current one → 200, a no-op; anything else → 409 \`chain_out_of_order\`.`,
        security: CRON,
        requestBody: jsonBody(refreshContinueRequestSchema, true),
        responses: {
          "202": ok("The next chain is queued.", ref("ChainAccepted")),
          "200": ok("That chain was already accepted: nothing changes.", ref("ChainAccepted")),
          ...BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          "404": responseRef("NotFound"),
          "409": problem("The chain is not the run's next (`chain_out_of_order`)."),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/rescore": {
      post: {
        operationId: "rescore",
        tags: [TAGS.system],
        summary: "Recompute every score and action from saved data",
        description: "Route #6. Today's decay and follow-up dates; no search, no model call. Takes no body (`{}` or nothing).",
        security: CRON,
        responses: {
          "200": ok("Done.", ref("Rescored")),
          ...NO_BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/search-feed": {
      get: {
        operationId: "searchFeed",
        tags: [TAGS.investors],
        summary: "Every investor of one side, for the Ctrl+K palette",
        description:
          "Route #7. Real investors need a credential; with `?demo=1` it is open and lists demo investors only. Ordered by score, then id. `ETag` is a hash of the body; `If-None-Match` is compared weakly.",
        security: SESSION_OR_DEMO,
        parameters: [{ $ref: "#/components/parameters/demo" }, { $ref: "#/components/parameters/ifNoneMatch" }],
        responses: {
          "200": {
            description: "The feed.",
            headers: { ETag: { $ref: "#/components/headers/ETag" } },
            content: jsonContent(ref("SearchFeed")),
          },
          "304": { description: "Unchanged since the ETag sent.", headers: { ETag: { $ref: "#/components/headers/ETag" } } },
          "401": responseRef("Unauthorized"),
          "429": responseRef("RateLimited"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/chat": {
      post: {
        operationId: "chat",
        tags: [TAGS.investors],
        summary: "Ask a question about the pipeline",
        description:
          'Route #8. Answers from the dashboard\'s own data: the model when one answers within its schema, else a rule-based summary (`source: "summary"`). `investor_ids` are the investors the answer cites, all from the same side. With `?demo=1` it is open, sees demo rows only, and takes 10 questions a minute per client.',
        security: SESSION_OR_DEMO,
        parameters: [{ $ref: "#/components/parameters/demo" }],
        requestBody: jsonBody(chatRequestSchema, true),
        responses: {
          "200": ok("The answer.", ref("ChatAnswer")),
          ...BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/investors/{id}": {
      patch: {
        operationId: "editInvestor",
        tags: [TAGS.investors],
        summary: "Edit the four user-owned columns",
        description:
          "Route #9. Only `relationship_status`, `last_contact_date`, `add_contact` (appended to the contact history; a dated contact moves the last contact date forward, never back) and `personal_notes` (blank → null). Any other key is a 400 naming it, and nothing is written. A demo investor may be edited without a credential (30 open writes a minute per client, 120 from everyone; at most 50 contacts per demo investor, 409 `demo_limit` past it; notes of at most 500 characters on the demo). The answer holds the newest 20 contact entries and the total.",
        security: SESSION_OR_DEMO,
        parameters: [{ $ref: "#/components/parameters/investorId" }],
        requestBody: jsonBody(investorEditSchema, true),
        responses: {
          "200": ok("The investor as saved, re-scored, with the newest page of its contact history.", ref("Investor")),
          ...BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          "404": responseRef("NotFound"),
          "409": problem("A demo investor's contact history is full (`demo_limit`): nothing was changed."),
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/startups": {
      post: {
        operationId: "createStartup",
        tags: [TAGS.startups],
        summary: "Add a startup with a rubric",
        description:
          'Route #10. The model drafts the rubric; when it is missing, fails or answers badly a default rubric is derived from the startup (`rubric_source: "default"`). Every investor is then scored for it.',
        security: SESSION,
        requestBody: jsonBody(startupInputSchema, true),
        responses: {
          "201": ok("Created.", ref("StartupCreated")),
          ...BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/startups/{id}": {
      delete: {
        operationId: "deleteStartup",
        tags: [TAGS.startups],
        summary: "Delete a startup",
        description: "Route #13. Its rubrics, evaluations and scores go; investors and evidence stay. Takes no body.",
        security: SESSION,
        parameters: [{ $ref: "#/components/parameters/startupId" }],
        responses: {
          "200": ok("Deleted.", ref("Deleted")),
          ...NO_BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          "404": responseRef("NotFound"),
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/startups/{id}/evaluate": {
      post: {
        operationId: "evaluateStartup",
        tags: [TAGS.startups],
        summary: "Judge saved evidence for this startup, then score everyone",
        description:
          'Route #11. The model reads each investor\'s saved evidence (10 newest items, 8 investors a call); never a web search. Without a model, or when no batch is answered, `source: "rules_only"`. Takes no body.',
        security: SESSION,
        parameters: [{ $ref: "#/components/parameters/startupId" }],
        responses: {
          "200": ok("Evaluated and scored.", ref("Evaluation")),
          ...NO_BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          "404": responseRef("NotFound"),
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/startups/{id}/rubric": {
      patch: {
        operationId: "changeRubric",
        tags: [TAGS.startups],
        summary: "Save an edited rubric, or ask the model for a new one",
        description:
          'Route #12. Exactly one of `rubric` (a new version, re-scored at once, no model call; `dont_chase` must be below `email_first`, `check_size.min` not above `max`, at least one weight above 0) or `action: "regenerate"` (the model drafts one; when it cannot, the current rubric is kept, `rescored` is 0 and `message` says so).',
        security: SESSION,
        parameters: [{ $ref: "#/components/parameters/startupId" }],
        requestBody: jsonBody(rubricPatchSchema, true),
        responses: {
          "200": ok("The rubric now in force.", ref("RubricChanged")),
          ...BODY_ERRORS,
          "401": responseRef("Unauthorized"),
          "404": responseRef("NotFound"),
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/demo/reset": {
      post: {
        operationId: "resetDemo",
        tags: [TAGS.demo],
        summary: "Re-create the demo investors",
        description:
          "Route #14. Open; only demo rows (and demo runs) change. 30 open writes a minute per client; 10 resets and simulated refreshes a minute from everyone. Takes no body.",
        security: OPEN,
        responses: {
          "200": ok("Reset.", {
            type: "object",
            properties: { demo_investors: { type: "integer", minimum: 0 } },
            required: ["demo_investors"],
          }),
          ...NO_BODY_ERRORS,
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
    "/api/demo/refresh": {
      post: {
        operationId: "refreshDemo",
        tags: [TAGS.demo],
        summary: "Simulate a refresh of the demo investors",
        description:
          "Route #15. Open; no search, no model, no credits; demo rows only (a demo investor keeps its newest 30 evidence items). 30 open writes a minute per client; 10 resets and simulated refreshes a minute from everyone. Takes no body.",
        security: OPEN,
        responses: {
          "200": ok("Simulated.", {
            type: "object",
            properties: { run_id: { type: "string", format: "uuid" }, updated: { type: "integer", minimum: 0 } },
            required: ["run_id", "updated"],
          }),
          ...NO_BODY_ERRORS,
          "429": responseRef("RateLimited"),
          "403": responseRef("ForeignOrigin"),
          "405": responseRef("MethodNotAllowed"),
        },
      },
    },
  };
}

/** The JSON Schema of a saved rubric, as the API answers it. */
function rubricResponseSchema(): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(rubricSchema, { io: "output" }) as JsonSchema;
  return schema;
}

function schemas(): Record<string, JsonSchema> {
  const text = { type: "string" };
  const date = { type: "string", format: "date" };
  const dateTime = { type: "string", format: "date-time" };
  const signal = nullable({ type: "integer", minimum: 0, maximum: 100 });
  return {
    Error: {
      type: "object",
      properties: {
        error: {
          type: "object",
          properties: {
            code: { type: "string", pattern: "^[a-z][a-z0-9_]*$" },
            message: { type: "string" },
            fields: {
              type: "object",
              description: "Per field (dotted path, or `body`), the problems found; an unknown key says `unknown key`.",
              additionalProperties: { type: "array", items: { type: "string" } },
            },
          },
          required: ["code", "message"],
        },
      },
      required: ["error"],
    },
    RunInProgress: {
      type: "object",
      properties: {
        error: { $ref: "#/components/schemas/Error/properties/error" },
        run_id: { type: "string", format: "uuid", description: "The active run." },
      },
      required: ["error", "run_id"],
    },
    Health: {
      type: "object",
      properties: {
        status: { type: "string", enum: ["ok", "unavailable"] },
        version: text,
        db: {
          type: "object",
          properties: { ok: { type: "boolean" }, journal_mode: text },
          required: ["ok", "journal_mode"],
        },
        settings: {
          type: "object",
          description: "One boolean per setting (`GEMINI_API_KEY`, `TAVILY_API_KEY`, `CRON_SECRET`…): set or not, never a value.",
          additionalProperties: { type: "boolean" },
        },
      },
      required: ["status", "version", "db", "settings"],
    },
    Digest: {
      type: "object",
      properties: {
        sent: { type: "boolean" },
        channel: nullable({ type: "string", enum: ["sms", "whatsapp"] }),
        message: { type: "string", description: "At most 306 GSM-7 characters (two SMS)." },
        reason: { type: "string", description: "Why it was not sent." },
      },
      required: ["sent", "channel", "message"],
    },
    ChainAccepted: {
      type: "object",
      properties: { run_id: { type: "string", format: "uuid" }, chain: { type: "integer", minimum: 1, maximum: MAX_CHAIN } },
      required: ["run_id", "chain"],
    },
    Rescored: {
      type: "object",
      properties: {
        investors: { type: "integer", minimum: 0 },
        startups: { type: "integer", minimum: 0 },
        duration_ms: { type: "integer", minimum: 0 },
      },
      required: ["investors", "startups", "duration_ms"],
    },
    SearchFeed: {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "integer" },
              name: text,
              firm: nullable(text),
              score: { type: "integer", minimum: 0, maximum: 100 },
              action: { type: "string", enum: [...ACTIONS] },
              href: { type: "string", description: "`/investors/:id`, or `/demo/investors/:id` on the demo side." },
            },
            required: ["id", "name", "firm", "score", "action", "href"],
          },
        },
      },
      required: ["items"],
    },
    ChatAnswer: {
      type: "object",
      properties: {
        answer: { type: "string", maxLength: 1500 },
        source: { type: "string", enum: ["model", "summary"] },
        investor_ids: { type: "array", items: { type: "integer" } },
      },
      required: ["answer", "source", "investor_ids"],
    },
    ScoreExplained: {
      type: "object",
      properties: {
        total: { type: "integer", minimum: 0, maximum: 100 },
        components: {
          type: "array",
          items: {
            type: "object",
            properties: {
              key: { type: "string", enum: ["fit", "activity", "evidence", "warmth", "red_flag"] },
              label: text,
              points: { type: "number" },
              detail: { type: "string", description: "In the founder's words." },
            },
            required: ["key", "label", "points", "detail"],
          },
        },
        action_reason: text,
      },
      required: ["total", "components", "action_reason"],
    },
    Investor: {
      type: "object",
      properties: {
        id: { type: "integer" },
        name: text,
        firm: nullable(text),
        kind: { type: "string", enum: [...INVESTOR_KINDS] },
        website: nullable(text),
        linkedin_url: nullable(text),
        email: nullable(text),
        sectors: { type: "array", items: text },
        stages: { type: "array", items: { type: "string", enum: [...STAGES] } },
        geographies: { type: "array", items: text },
        check_min: nullable({ type: "integer", minimum: 0 }),
        check_max: nullable({ type: "integer", minimum: 0 }),
        is_demo: { type: "boolean" },
        score: { type: "integer", minimum: 0, maximum: 100 },
        action: { type: "string", enum: [...ACTIONS] },
        score_explained: nullable(ref("ScoreExplained")),
        signal_activity: signal,
        signal_fit: signal,
        signal_hook: nullable(text),
        signal_red_flag: nullable(text),
        signals_checked_at: nullable(dateTime),
        relationship_status: { type: "string", enum: [...RELATIONSHIP_STATUSES] },
        last_contact_date: nullable(date),
        personal_notes: nullable(text),
        contact_history: {
          type: "array",
          description:
            "Appended only. In route #9's answer, the newest 20, newest first (`contact_history_total` says how many in all); in the export, all of them, oldest first.",
          items: {
            type: "object",
            properties: {
              id: { type: "integer" },
              date: nullable(date),
              channel: nullable(text),
              note: text,
              created_at: dateTime,
            },
            required: ["id", "date", "channel", "note", "created_at"],
          },
        },
        contact_history_total: { type: "integer", minimum: 0, description: "How many contact entries there are in all (route #9)." },
        created_at: dateTime,
        updated_at: dateTime,
      },
      required: ["id", "name", "kind", "is_demo", "score", "action", "relationship_status", "contact_history"],
    },
    Startup: {
      type: "object",
      properties: {
        id: { type: "integer" },
        name: text,
        pitch: text,
        sector: text,
        stage: { type: "string", enum: [...STAGES] },
        geography: nullable(text),
        round_size: nullable({ type: "integer", minimum: 1 }),
        ask: nullable(text),
        created_at: dateTime,
      },
      required: ["id", "name", "pitch", "sector", "stage", "created_at"],
    },
    Rubric: rubricResponseSchema(),
    RubricSource: { type: "string", enum: ["model", "default"], description: '`default`: shown as "Default rubric".' },
    StartupCreated: {
      type: "object",
      properties: { startup: ref("Startup"), rubric: ref("Rubric"), rubric_source: ref("RubricSource") },
      required: ["startup", "rubric", "rubric_source"],
    },
    Evaluation: {
      type: "object",
      properties: {
        startup_id: { type: "integer" },
        investors_evaluated: { type: "integer", minimum: 0 },
        investors_scored: { type: "integer", minimum: 0 },
        source: { type: "string", enum: ["model", "rules_only"] },
      },
      required: ["startup_id", "investors_evaluated", "investors_scored", "source"],
    },
    RubricChanged: {
      type: "object",
      properties: {
        rubric: ref("Rubric"),
        rubric_source: ref("RubricSource"),
        rescored: { type: "integer", minimum: 0, description: "Investors scored for this startup." },
        message: { type: "string", description: "Only when regenerate kept the current rubric." },
      },
      required: ["rubric", "rubric_source", "rescored"],
    },
    Deleted: { type: "object", properties: { deleted: { const: true } }, required: ["deleted"] },
  };
}

const retryAfter = { "Retry-After": { $ref: "#/components/headers/RetryAfter" } };

function components() {
  return {
    schemas: schemas(),
    securitySchemes: {
      session: {
        type: "apiKey",
        in: "cookie",
        name: "ipi_session",
        description: "The signed session cookie set by signing in on `/login` (form field `passcode`). Lasts 14 days.",
      },
      adminPasscode: {
        type: "apiKey",
        in: "header",
        name: "x-admin-passcode",
        description:
          "The admin passcode, for scripts. Wrong guesses are limited: 10 per client per 10 minutes, 60 a minute overall (then 429).",
      },
      cronBearer: {
        type: "http",
        scheme: "bearer",
        description: "`Authorization: Bearer $CRON_SECRET`. Unset `CRON_SECRET` closes these routes.",
      },
    },
    parameters: {
      demo: {
        name: "demo",
        in: "query",
        required: false,
        description: "`1`: the open demo side (demo rows only, no credential).",
        schema: { type: "string", enum: ["1"] },
      },
      ifNoneMatch: { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } },
      investorId: { name: "id", in: "path", required: true, description: "Investor id.", schema: { type: "integer", minimum: 1 } },
      startupId: { name: "id", in: "path", required: true, description: "Startup id.", schema: { type: "integer", minimum: 1 } },
    },
    headers: {
      RetryAfter: { description: "Seconds to wait.", schema: { type: "integer", minimum: 1 } },
      Allow: { description: "The methods this path takes.", schema: { type: "string" } },
      ETag: { description: 'A hash of the body (weak `W/"…"` when the answer was compressed).', schema: { type: "string" } },
    },
    responses: {
      InvalidBody: problem(
        "`invalid_body` (a value is wrong, or a key is unknown: `fields` names it and nothing was changed) or `malformed_json`.",
      ),
      Unauthorized: problem("`unauthorized`: the credential is missing or wrong."),
      ForeignOrigin: problem("`forbidden_origin`: the request's `Origin` is another site (CSRF)."),
      NotFound: problem("`not_found`: no such id (an id that is not a positive integer is unknown too)."),
      MethodNotAllowed: {
        description: "`method_not_allowed`; `Allow` names the method to use.",
        headers: { Allow: { $ref: "#/components/headers/Allow" } },
        content: jsonContent(ref("Error")),
      },
      TooLarge: problem("`payload_too_large`: the body is over 64 KiB."),
      NotJson: problem("`unsupported_media_type`: a body was sent without `Content-Type: application/json`."),
      RateLimited: {
        description:
          "`rate_limited`: too many requests (wrong passcodes, open demo writes, demo chat, manual refresh); or `demo_busy`: open demo work without a session is past its budget (4 requests at once, `DEMO_REQUESTS_PER_SECOND` started a second).",
        headers: retryAfter,
        content: jsonContent(ref("Error")),
      },
    },
  };
}

/** The whole document. Built on each call; it is small, and tests compare it with what is served. */
export function buildOpenApiDocument(version: string) {
  return {
    openapi: "3.1.1",
    info: {
      title: "Investor Pipeline Intelligence API",
      version,
      summary: "Who to email first, which follow-ups are due, who not to chase.",
      description:
        'The 15 JSON routes under `/api`. Every error is `{"error": {"code", "message", "fields"?}}`. JSON bodies are strict (an unknown key is a 400 naming it) and at most 64 KiB. A POST, PATCH or DELETE with another site\'s `Origin` is refused with 403. Any other path under `/api` is a JSON 404. The rules in words: docs/api.md.',
    },
    servers: [{ url: "/", description: "This installation." }],
    tags: Object.values(TAGS).map((name) => ({ name })),
    paths: paths(),
    components: components(),
  };
}
