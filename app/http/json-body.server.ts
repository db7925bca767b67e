import type { z } from "zod";
import { apiError } from "./api-error.ts";
import { readBoundedBody } from "./bounded-body.server.ts";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * Reads and validates a JSON body, or throws the error Response the API contract names:
 * 415 not JSON, 413 over 64 KiB, 400 malformed JSON, 400 invalid body (unknown keys named).
 */
export async function readJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const text = await readBodyText(request);
  let value: unknown;
  if (text.trim() === "") {
    value = {};
  } else {
    const type = request.headers.get("content-type") ?? "";
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
      throw apiError(415, "unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
    }
    try {
      value = JSON.parse(text);
    } catch {
      throw apiError(400, "malformed_json", "The body is not valid JSON.");
    }
  }
  const result = schema.safeParse(value);
  if (!result.success) throw invalidBody(result.error);
  return result.data;
}

/** For routes that take no body: anything sent is still size- and type-checked, then must be `{}`. */
export async function readEmptyBody(request: Request): Promise<void> {
  const text = await readBodyText(request);
  if (text.trim() === "") return;
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw apiError(415, "unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw apiError(400, "malformed_json", "The body is not valid JSON.");
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return;
    throw apiError(400, "invalid_body", `This route takes no body; unknown key: ${keys.join(", ")}.`, {
      fields: Object.fromEntries(keys.map((key) => [key, ["unknown key"]])),
    });
  }
  throw apiError(400, "invalid_body", "This route takes no body.");
}

async function readBodyText(request: Request): Promise<string> {
  const body = await readBoundedBody(request, MAX_JSON_BODY_BYTES);
  if (!body.ok) throw tooLarge();
  return new TextDecoder().decode(body.bytes);
}

function tooLarge(): Response {
  return apiError(413, "payload_too_large", "The body is larger than 64 KiB.");
}

/**
 * Reads a GET route's query string against a strict schema (each parameter a string; the last of
 * a repeated one), or throws 400 `invalid_query` naming each wrong or unknown parameter.
 */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.output<Schema> {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (result.success) return result.data;
  const { fields } = issueFields(result.error, "query");
  const message = `Invalid query: ${Object.entries(fields)
    .map(([field, problems]) => `${field} ${problems[0]}`)
    .join("; ")}.`;
  throw apiError(400, "invalid_query", message, { fields });
}

/** Turns zod issues into the contract's `fields` map, naming unknown keys one by one. */
export function invalidBody(error: z.ZodError): Response {
  const { fields, unknown } = issueFields(error, "body");
  const message =
    unknown.length > 0
      ? `Unknown key${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Nothing was changed.`
      : `Invalid body: ${Object.entries(fields)
          .map(([field, problems]) => `${field} ${problems[0]}`)
          .join("; ")}.`;
  return apiError(400, "invalid_body", message, { fields });
}

function issueFields(error: z.ZodError, whole: string): { fields: Record<string, string[]>; unknown: string[] } {
  // Keys come from the client: a plain object would find `toString` or `__proto__` on its prototype.
  const fields: Record<string, string[]> = Object.create(null);
  const unknown: string[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const path = [...issue.path, key].join(".");
        unknown.push(path);
        addProblem(fields, path, "unknown key");
      }
      continue;
    }
    const path = issue.path.length > 0 ? issue.path.join(".") : whole;
    addProblem(fields, path, issue.message);
  }
  return { fields, unknown };
}

function addProblem(fields: Record<string, string[]>, path: string, problem: string): void {
  const list = fields[path];
  if (list) list.push(problem);
  else fields[path] = [problem];
}
