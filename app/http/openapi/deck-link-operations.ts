import { deckLinkChangeSchema, deckLinkCreateSchema } from "../../domain/deck-link-input.ts";
import { LINK_STATES } from "../../domain/deck-links.ts";
import { type JsonSchema, type OperationEntry, nullable, ok, problem, ref } from "./responses.ts";

/**
 * Deck links' operations and their answers' schemas (decision 068, docs/api.md#deck-links): a
 * startup's links with their views, a link made, a link changed, a link's views. Kept beside
 * operations.ts, which spreads them into the document's list.
 */

const SIDES = "Session only; the real side only (the demo's startups have no links).";

export const DECK_LINK_OPERATIONS: OperationEntry[] = [
  {
    path: "/api/startups/{id}/deck/links",
    method: "get",
    operationId: "startupDeckLinks",
    tag: "startups",
    auth: "session",
    summary: "A startup's deck links with their views",
    description: `Every link to the startup's deck, newest first: for whom (an investor or a label), its address (\`url\`, derived again from the link's key: the database keeps only the token's hash), its state in words, and its views counted with link-preview bots apart (\`bot_views\`, never a read) and "possibly forwarded" ones. ${SIDES}`,
    parameters: ["startupId"],
    responses: {
      "200": ok("The startup's links.", {
        type: "object",
        properties: { links: { type: "array", items: ref("DeckLink") } },
        required: ["links"],
      }),
    },
  },
  {
    path: "/api/deck-links",
    method: "post",
    operationId: "makeDeckLink",
    tag: "startups",
    auth: "session",
    summary: "Make a link to a startup's deck",
    description: `For an investor (\`investor_id\`: one active link per investor per deck, so asking again gives it back with 200) or with a \`label\` (always a new one, 201); not both. The startup must have a ready version (409 \`no_deck\` otherwise). Recorded in the activity. ${SIDES}`,
    parameters: [],
    body: { schema: deckLinkCreateSchema, required: true },
    responses: {
      "200": ok("The investor's active link, given back.", ref("DeckLinkAnswer")),
      "201": ok("The link, made.", ref("DeckLinkAnswer")),
      "409": problem("`no_deck`: the startup has no ready deck yet."),
    },
  },
  {
    path: "/api/deck-links/{id}",
    method: "patch",
    operationId: "changeDeckLink",
    tag: "startups",
    auth: "session",
    summary: "Turn a link off, or change its expiry, download, email gate or pinned version",
    description: `\`revoke: true\` turns it off for good (its visitors are told to ask for a new one, without the investor's name). An expiry in the past is refused. Each change is recorded in the activity. ${SIDES}`,
    parameters: ["deckLinkId"],
    body: { schema: deckLinkChangeSchema, required: true },
    responses: { "200": ok("The link after the change.", { type: "object", properties: { link: ref("DeckLink") }, required: ["link"] }) },
  },
  {
    path: "/api/deck-links/{id}/views",
    method: "get",
    operationId: "deckLinkViews",
    tag: "startups",
    auth: "session",
    summary: "A link's views, with seconds per page",
    description: `Newest first (at most 200): when, the version shown, seconds in all and per page (reported by the viewer's script, bounded: 60 s a page a report, 3 h a view), the device class, a link-preview bot's name when it was one, "possibly forwarded", and the email an email gate was given. ${SIDES}`,
    parameters: ["deckLinkId"],
    responses: {
      "200": ok("The link's views.", {
        type: "object",
        properties: { views: { type: "array", items: ref("DeckView") } },
        required: ["views"],
      }),
    },
  },
];

/** The answers' schemas, added to `#/components/schemas`. */
export function deckLinkSchemas(): Record<string, JsonSchema> {
  const time = { type: "string", format: "date-time" };
  const count = { type: "integer", minimum: 0 };
  return {
    DeckLink: {
      type: "object",
      properties: {
        id: { type: "integer", minimum: 1 },
        startup_id: { type: "integer", minimum: 1 },
        startup_name: { type: "string" },
        investor_id: nullable({ type: "integer", minimum: 1 }),
        investor_name: nullable({ type: "string" }),
        label: nullable({ type: "string" }),
        url: { type: "string", format: "uri", description: "The public address: `{origin}/d/{token}`." },
        state: { type: "string", enum: [...LINK_STATES] },
        state_text: { type: "string", description: "The state in words (“Active until 12 Dec 2026”)." },
        allow_download: { type: "boolean" },
        email_gate: { type: "boolean" },
        expires_at: nullable(time),
        revoked_at: nullable(time),
        pinned_version: nullable({ type: "integer", minimum: 1, description: "The pinned version's number; null: the newest ready one." }),
        created_at: time,
        views: { ...count, description: "People's views (bots apart)." },
        bot_views: { ...count, description: "Link previews and scanners: never a read." },
        forwarded_views: count,
        last_viewed_at: nullable(time),
        seconds: { ...count, description: "Seconds over people's views." },
        pages_seen: { ...count, description: "The most pages one view saw." },
        view_text: { type: "string", description: "“6 min over 12 pages”, or “not opened yet”." },
      },
      required: [
        "id",
        "startup_id",
        "startup_name",
        "investor_id",
        "investor_name",
        "label",
        "url",
        "state",
        "state_text",
        "allow_download",
        "email_gate",
        "expires_at",
        "revoked_at",
        "pinned_version",
        "created_at",
        "views",
        "bot_views",
        "forwarded_views",
        "last_viewed_at",
        "seconds",
        "pages_seen",
        "view_text",
      ],
    },
    DeckLinkAnswer: {
      type: "object",
      properties: { link: ref("DeckLink"), made: { type: "boolean" } },
      required: ["link", "made"],
    },
    DeckView: {
      type: "object",
      properties: {
        id: { type: "integer", minimum: 1 },
        version_number: nullable({ type: "integer", minimum: 1 }),
        started_at: time,
        last_seen_at: time,
        seconds: count,
        pages_seen: count,
        device: { type: "string", enum: ["phone", "tablet", "desktop", "unknown"] },
        bot: nullable({ type: "string", description: "The link preview's or scanner's name (“Slack preview”); null for a person." }),
        forwarded: { type: "boolean" },
        email: nullable({ type: "string" }),
        pages: {
          type: "array",
          items: { type: "object", properties: { page: { type: "integer", minimum: 1 }, seconds: count }, required: ["page", "seconds"] },
        },
      },
      required: [
        "id",
        "version_number",
        "started_at",
        "last_seen_at",
        "seconds",
        "pages_seen",
        "device",
        "bot",
        "forwarded",
        "email",
        "pages",
      ],
    },
  };
}
