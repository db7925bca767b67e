import { operations } from "./operations.ts";
import { SHARED_RESPONSES, TAGS } from "./responses.ts";
import { schemas } from "./schemas.ts";
import { introSchemas } from "./intro-operations.ts";
import { deckLinkSchemas } from "./deck-link-operations.ts";

/**
 * The OpenAPI 3.1 document of the 15 `/api` routes, served at `/openapi.json` and described in
 * words in docs/api.md. Pure: request bodies are `z.toJSONSchema` of the very zod schemas the
 * routes parse (tests/http/openapi.test.ts holds each route to its schema), so the document
 * cannot drift from what the server accepts. The operations and their words: operations.ts; the
 * error answers each kind of credential brings: responses.ts; response bodies: schemas.ts.
 */

function components() {
  return {
    schemas: { ...schemas(), ...introSchemas(), ...deckLinkSchemas() },
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
          "The admin passcode, for scripts. Wrong guesses are limited per client (10 free in 15 minutes, then doubling waits) and by a ceiling of 120 checked a minute over all clients (then 429 unchecked; docs/api.md#limits).",
      },
      memberToken: {
        type: "http",
        scheme: "bearer",
        description:
          "`Authorization: Bearer ipi_…`: a member's personal API token, made and revoked on /settings; acts as that member. A revoked token, or a disabled member's, is a 401. Wrong tokens are limited per client like wrong passcodes (then 429 unchecked).",
      },
      cronBearer: {
        type: "http",
        scheme: "bearer",
        description:
          "`Authorization: Bearer $CRON_SECRET` (at least 32 characters). Unset `CRON_SECRET` closes these routes. Wrong bearers are limited like wrong passcodes (then 429 unchecked).",
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
      ifMatch: {
        name: "If-Match",
        in: "header",
        required: false,
        description:
          'The investor\'s version the edit is based on, as its ETag gave it (`"7"`): a newer change to what the edit changes is a 409 `conflict`. Without it the edit is not checked.',
        schema: { type: "string" },
      },
      investorId: { name: "id", in: "path", required: true, description: "Investor id.", schema: { type: "integer", minimum: 1 } },
      startupId: { name: "id", in: "path", required: true, description: "Startup id.", schema: { type: "integer", minimum: 1 } },
      introPathId: { name: "id", in: "path", required: true, description: "Intro path id.", schema: { type: "integer", minimum: 1 } },
      deckLinkId: { name: "id", in: "path", required: true, description: "Deck link id.", schema: { type: "integer", minimum: 1 } },
      activityAfterId: {
        name: "after",
        in: "query",
        required: false,
        description: "An activity id: the changes after it (0, the default, from the start).",
        schema: { type: "integer", minimum: 0 },
      },
      activityBefore: {
        name: "before",
        in: "query",
        required: false,
        description: "An activity id: the changes before it (the previous answer's `next_before`).",
        schema: { type: "integer", minimum: 1 },
      },
      activityLimit: {
        name: "limit",
        in: "query",
        required: false,
        description: "How many at most (1–200, 50 when absent).",
        schema: { type: "integer", minimum: 1, maximum: 200, default: 50 },
      },
      searchQuery: {
        name: "q",
        in: "query",
        required: false,
        description:
          "The founder's words (at most 200 characters): the best matches by name or firm, accents and case ignored. Without it, the best-scored.",
        schema: { type: "string", maxLength: 200 },
      },
      searchLimit: {
        name: "limit",
        in: "query",
        required: false,
        description: "How many at most (1–50, 50 when absent).",
        schema: { type: "integer", minimum: 1, maximum: 50, default: 50 },
      },
      searchIds: {
        name: "ids",
        in: "query",
        required: false,
        description: "Instead of `q`: up to 50 investor ids separated by commas, answered in that order (those on this side).",
        schema: { type: "string", pattern: "^\\d{1,15}(,\\d{1,15}){0,49}$" },
      },
      discoveryKey: {
        name: "key",
        in: "path",
        required: true,
        description: "A discovered investor's key (their name folded, firm suffixes dropped), as `GET /api/discoveries` gives it.",
        schema: { type: "string", minLength: 1, maxLength: 200 },
      },
    },
    headers: {
      RetryAfter: { description: "Seconds to wait.", schema: { type: "integer", minimum: 1 } },
      Allow: { description: "The methods this path takes.", schema: { type: "string" } },
      ETag: { description: 'A hash of the body (weak `W/"…"` when the answer was compressed).', schema: { type: "string" } },
      InvestorVersion: {
        description: 'The investor\'s version (`"7"`; weak `W/"7"` when the answer was compressed): send it back as `If-Match`.',
        schema: { type: "string" },
      },
    },
    responses: SHARED_RESPONSES,
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
        'The 33 JSON operations under `/api` (29 paths: deleting an investor shares its path with editing one, the GET and PUT of the round share one, and so do the GET and POST of an investor\'s intro paths and the PATCH and DELETE of one; deck links: docs/api.md#deck-links). Every error is `{"error": {"code", "message", "fields"?}}`. JSON bodies are strict (an unknown key is a 400 naming it) and at most 64 KiB. A POST, PATCH or DELETE with another site\'s `Origin` is refused with 403. Any other path under `/api` is a JSON 404. The rules in words: docs/api.md.',
    },
    servers: [{ url: "/", description: "This installation." }],
    tags: Object.values(TAGS).map((name) => ({ name })),
    paths: operations(),
    components: components(),
  };
}
