/**
 * The building blocks of the OpenAPI document, and the error answers every operation shares,
 * generated from what it is (a read or a write, which credential, an id to find) so that no
 * operation lists them by hand.
 */

import type { z } from "zod";

export type JsonSchema = Record<string, unknown>;
export type ResponseObject = Record<string, unknown>;
export type Responses = Record<string, ResponseObject>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });
export const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });
export const ok = (description: string, schema: JsonSchema) => ({ description, content: jsonContent(schema) });
export const problem = (description: string) => ({ description, content: jsonContent(ref("Error")) });

export const TAGS = {
  system: "System",
  refresh: "Refresh",
  investors: "Investors",
  startups: "Startups",
  discovery: "Discovery",
  demo: "Demo",
} as const;

/** The error answers shared by reference (`#/components/responses`). */
export const SHARED_RESPONSES = {
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
  StorageFull: {
    description:
      "`storage_full`: the server's disk is full, so nothing was saved (the whole write was rolled back); what was saved before is unchanged. `Retry-After` suggests when to try again.",
    headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
    content: jsonContent(ref("Error")),
  },
  StorageUnavailable: {
    description:
      "`storage_unavailable`: the database cannot be written (a read-only file, an I/O error) or, for a read, read; a write was not saved. `Retry-After` suggests when to try again.",
    headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
    content: jsonContent(ref("Error")),
  },
  RateLimited: {
    description:
      "`rate_limited`: too many requests (wrong passcodes, open demo writes, demo chat, manual refresh); or `demo_busy`: open demo work without a session or the right passcode is past its budget (4 requests at once, `DEMO_REQUESTS_PER_SECOND` started a second).",
    headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
    content: jsonContent(ref("Error")),
  },
};

/**
 * The credential an operation takes (`#/components/securitySchemes`): `open` none, `cron` the
 * bearer, `session` the cookie, a member's API token or the passcode header, `sessionOrDemo` those or anonymous on the
 * demo side (`?demo=1`, a demo investor), `adminPasscode` the header alone.
 */
export type AuthKind = "open" | "cron" | "session" | "sessionOrDemo" | "adminPasscode";

export const SECURITY: Record<AuthKind, Array<Record<string, never[]>>> = {
  open: [],
  cron: [{ cronBearer: [] }],
  session: [{ session: [] }, { memberToken: [] }, { adminPasscode: [] }],
  sessionOrDemo: [{ session: [] }, { memberToken: [] }, { adminPasscode: [] }, {}],
  adminPasscode: [{ adminPasscode: [] }],
};

/**
 * What each kind of credential can answer: 401 where one is required, 429 where wrong passcodes
 * or open writes are counted. The cron bearer's routes answer no 429; an open read none at all.
 */
const passcodeErrors = () => ({ "401": responseRef("Unauthorized"), "429": responseRef("RateLimited") });
const CREDENTIAL_ERRORS: Record<AuthKind, (write: boolean) => Responses> = {
  open: (write): Responses => (write ? { "429": responseRef("RateLimited") } : {}),
  cron: () => ({ "401": responseRef("Unauthorized") }),
  session: passcodeErrors,
  sessionOrDemo: passcodeErrors,
  adminPasscode: passcodeErrors,
};

/**
 * The errors an operation answers before its own: every write checks the body it is sent (even
 * one that takes none: `{}` or nothing) and refuses another site's `Origin`; then the
 * credential's; 404 when it looks something up by id; 405 on every path.
 */
export function errorResponses(auth: AuthKind, write: boolean, findsById: boolean): Responses {
  return {
    ...(write
      ? {
          "400": responseRef("InvalidBody"),
          "413": responseRef("TooLarge"),
          "415": responseRef("NotJson"),
          "403": responseRef("ForeignOrigin"),
        }
      : {}),
    ...CREDENTIAL_ERRORS[auth](write),
    ...(findsById ? { "404": responseRef("NotFound") } : {}),
    "405": responseRef("MethodNotAllowed"),
  };
}

/**
 * What the storage can answer under any operation (decision 058): a write 507 when the disk is
 * full, and 503 when the file cannot be written or read. An operation's own 503 (a refresh without
 * web search) is listed in its place and names both.
 */
export function storageResponses(write: boolean): Responses {
  return {
    ...(write ? { "507": responseRef("StorageFull") } : {}),
    "503": responseRef("StorageUnavailable"),
  };
}

/** One operation of the document, as operations.ts and its neighbours (intros, deck links) list them. */
export type OperationEntry = {
  path: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  operationId: string;
  tag: keyof typeof TAGS;
  auth: AuthKind;
  summary: string;
  description: string;
  parameters?: string[];
  /** The JSON body; required unless every key is optional. */
  body?: { schema: z.ZodType; required: boolean };
  /** Looks a run up by the id in its body (a path `{id}` says so by itself). */
  findsById?: boolean;
  responses: Responses;
};
