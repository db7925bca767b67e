import { introPathAddSchema, introStateSchema } from "../../domain/intro-input.ts";
import { INTRO_SOURCES, INTRO_STATES, PATH_TIERS } from "../../domain/intros.ts";
import { type JsonSchema, type OperationEntry, nullable, ok, ref } from "./responses.ts";

/**
 * Warm intros' operations and their answers' schemas (decision 065, docs/api.md#intro-paths): an
 * investor's paths, one added by hand, an intro's state, a path removed. Kept beside
 * operations.ts, which spreads them into the document's list.
 */

const SIDES = "Session only; real investors and paths only (a demo one is a 404 here: its paths show on its /demo page).";

export const INTRO_OPERATIONS: OperationEntry[] = [
  {
    path: "/api/investors/{id}/intro-paths",
    method: "get",
    operationId: "investorIntroPaths",
    tag: "investors",
    auth: "session",
    summary: "Who can introduce the team to one investor",
    description: `The investor's intro paths (decision 065), mail's strongest first: who (a person, or null for a member's own mail with the investor), through which member, where the app learned it (\`import\`, \`manual\`, \`mail\`), mail's tier and evidence in words, and the intro's state with its dates. ${SIDES}`,
    parameters: ["investorId"],
    responses: { "200": ok("The investor's intro paths.", ref("IntroPaths")) },
  },
  {
    path: "/api/investors/{id}/intro-paths",
    method: "post",
    operationId: "addIntroPath",
    tag: "investors",
    auth: "session",
    summary: "Add who can introduce the team to one investor",
    description: `A person (the team's one of that name, case and accents ignored, else a new one; an email or organisation given is added where none was said) and a \`manual\` path from them to the investor, known by \`member_id\` (a live member; the member sending it when absent). 201 when the path is new, 200 when it was already there (its state kept). Recorded in the activity. ${SIDES}`,
    parameters: ["investorId"],
    body: { schema: introPathAddSchema, required: true },
    responses: {
      "200": ok("That person was already a path to this investor.", ref("IntroPathAnswer")),
      "201": ok("The path, added.", ref("IntroPathAnswer")),
    },
  },
  {
    path: "/api/intro-paths/{id}",
    method: "patch",
    operationId: "setIntroState",
    tag: "investors",
    auth: "session",
    summary: "Move an intro: to ask, asked, agreed, introduced, declined",
    description: `Any state may follow any other (a slip is corrected the same way). \`asked\` sets \`asked_on\` to today; asked with no answer for 5 days is a nudge due to the connector. With \`introduced\`, \`investor_status\` moves the investor to \`intro_requested\` or \`contacted\` in the same write (\`keep\`, the default, leaves it); with any other state it must be absent or \`keep\` (else 400). Recorded in the activity. ${SIDES}`,
    parameters: ["introPathId"],
    body: { schema: introStateSchema, required: true },
    responses: {
      "200": ok("The path after the move.", { type: "object", properties: { intro_path: ref("IntroPath") }, required: ["intro_path"] }),
    },
  },
  {
    path: "/api/intro-paths/{id}",
    method: "delete",
    operationId: "removeIntroPath",
    tag: "investors",
    auth: "session",
    summary: "Remove an intro path",
    description: `The path is removed (the person stays, with their other paths). Recorded in the activity. ${SIDES}`,
    parameters: ["introPathId"],
    responses: { "200": ok("Removed.", { type: "object", properties: { deleted: { const: true } }, required: ["deleted"] }) },
  },
];

/** The answers' schemas, added to `#/components/schemas`. */
export function introSchemas(): Record<string, JsonSchema> {
  const date = { type: "string", format: "date" };
  return {
    IntroPath: {
      type: "object",
      properties: {
        id: { type: "integer", minimum: 1 },
        investor_id: { type: "integer", minimum: 1 },
        person: nullable({
          type: "object",
          description: "The connector; null for a member's own mail with the investor (a direct path).",
          properties: {
            id: { type: "integer", minimum: 1 },
            name: { type: "string" },
            organisation: nullable({ type: "string" }),
            emails: { type: "array", items: { type: "string" } },
          },
          required: ["id", "name", "organisation", "emails"],
        }),
        member: nullable({
          type: "object",
          description: "Through whom: the member who knows the person, or whose own mail it is.",
          properties: { id: { type: "integer", minimum: 1 }, name: { type: "string" } },
          required: ["id", "name"],
        }),
        source: { type: "string", enum: [...INTRO_SOURCES] },
        tier: nullable({
          type: "string",
          enum: [...PATH_TIERS],
          description: "Measured from mail; null for a sheet's or a member's word.",
        }),
        evidence: { type: "string", description: "Why the app believes it, in words (the sheet's own words, or mail's counts)." },
        state: { type: "string", enum: [...INTRO_STATES] },
        asked_on: nullable({ ...date, description: "When it was last asked for." }),
        state_at: nullable({ type: "string", format: "date-time" }),
        state_by: nullable({ type: "string", description: "The member who last moved it." }),
      },
      required: ["id", "investor_id", "person", "member", "source", "tier", "evidence", "state", "asked_on", "state_at", "state_by"],
    },
    IntroPaths: {
      type: "object",
      properties: { intro_paths: { type: "array", items: ref("IntroPath") } },
      required: ["intro_paths"],
    },
    IntroPathAnswer: {
      type: "object",
      properties: { intro_path: ref("IntroPath"), added: { type: "boolean" } },
      required: ["intro_path", "added"],
    },
  };
}
