import type { Route } from "./+types/deck-link-view";
import { getApp } from "../app.server.ts";
import { viewReportSchema } from "../domain/deck-link-input.ts";
import { apiError, json, methodNotAllowed } from "../http/api-error.ts";
import { readBoundedBody } from "../http/bounded-body.server.ts";
import { readLinkRequest } from "../http/deck-link-request.server.ts";
import { reportViewTime } from "../services/deck-viewer.server.ts";

/** A report is small: 80 pages of `{"page":80,"seconds":60}` is under 2.5 KB. */
const MAX_REPORT_BYTES = 8 * 1024;

/**
 * The viewer's report of seconds per page (POST /d/:token/view, sent by navigator.sendBeacon,
 * so as text/plain or JSON): strict, bounded, and only with the view's own key (decision 068).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  const read = await readLinkRequest(app, request, params.token, false);
  if (!read.ok) return read.response;
  if (read.opened.state !== "active") return apiError(409, "no_pages", "This deck has no pages to report time on.");
  const body = await readBoundedBody(request, MAX_REPORT_BYTES);
  if (!body.ok) return apiError(413, "payload_too_large", `The report is larger than ${MAX_REPORT_BYTES / 1024} KiB.`);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body.bytes));
  } catch {
    return apiError(400, "malformed_json", "The body is not valid JSON.");
  }
  const parsed = viewReportSchema.safeParse(value);
  if (!parsed.success) return apiError(400, "invalid_body", "The report is not a view's time per page.");
  const answer = reportViewTime(app, read.opened.link, parsed.data);
  if (!answer.ok) return apiError(403, "forbidden", "This report is not for a view of this link.");
  return json({ added: answer.added });
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
