import { readBoundedBody } from "./bounded-body.server.ts";

/**
 * A page form's fields are capped by their schemas; the largest form (an investor's 10,000-character
 * notes, sent twice: the edit and the value it was loaded with) is about 240 KB when every
 * character is a percent-encoded emoji.
 */
export const MAX_FORM_BODY_BYTES = 512 * 1024;

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; message: string };

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Reads a page form's body: bounded as it streams, then parsed. Anything that is not a form
 * (another content type, a malformed multipart body) is an answer for the user, never a throw.
 */
export async function parseFormBody(
  request: Request,
  { maxBytes = MAX_FORM_BODY_BYTES, tooLarge = "The form is larger than 512 KiB. Shorten what you typed and send it again." } = {},
): Promise<FormBody> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.has(type.split(";")[0]!.trim().toLowerCase())) {
    return { ok: false, status: 415, message: "This address takes a form (sent by the page itself), not this kind of body." };
  }
  const body = await readBoundedBody(request, maxBytes);
  if (!body.ok) return { ok: false, status: 413, message: tooLarge };
  try {
    return { ok: true, form: await new Response(body.bytes, { headers: { "content-type": type } }).formData() };
  } catch {
    return { ok: false, status: 400, message: "The form could not be read (the body is malformed). Reload the page and send it again." };
  }
}

const STATUS_TEXT = { 400: "Bad Request", 413: "Content Too Large", 415: "Unsupported Media Type" } as const;

/** For actions: the form, or a thrown 4xx that the error boundary shows as a page with the message. */
export async function readFormBody(request: Request, options?: Parameters<typeof parseFormBody>[1]): Promise<FormData> {
  const body = await parseFormBody(request, options);
  if (body.ok) return body.form;
  throw formRefusal(body);
}

function formRefusal(body: Extract<FormBody, { ok: false }>): Response {
  return new Response(body.message, { status: body.status, statusText: STATUS_TEXT[body.status] });
}
