import { redirect } from "react-router";
import type { Route } from "./+types/startup-deck";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { DECK_REFUSALS, MAX_DECK_BYTES } from "../domain/decks.ts";
import { pageId } from "../http/api-error.ts";
import { parseFormBody } from "../http/form-body.server.ts";
import { saveMultipartFile } from "../http/multipart-file.server.ts";
import { allowDeckDownload, uploadDeck } from "../services/decks.server.ts";

/** Room for the multipart framing around the file (boundary, part headers, the intent). */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The startup page's deck forms (POST /startups/:id/deck, docs/product.md#decks): `upload` (a
 * multipart PDF, a new version; its pages render in the background) and `download` (a version's
 * original allowed or not). Back to the page either way, what was refused said there in words
 * (the forms work without JavaScript).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const id = pageId(params.id);
  const actor = requestActor(context);
  const back = (key: "deck_notice" | "deck_error", message: string) =>
    redirect(`/startups/${id}?${key}=${encodeURIComponent(message)}#deck`, 303);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    const answer = await uploadDeck(app, actor, { startupId: id, isDemo: false }, async (folder) => {
      // Streamed to a file, never held whole (a deck is up to 30 MB); the bytes written are what is checked.
      const saved = await saveMultipartFile(request, {
        field: "deck",
        folder,
        saveAs: "deck.pdf",
        maxBytes: MAX_DECK_BYTES + FORM_OVERHEAD_BYTES,
        // The connection cut mid-upload (or the disk refused the temporary file): said, never a 500.
      }).catch(() => ({ ok: false, reason: "cut" }) as const);
      if (saved.ok) return { ok: true, path: saved.path, name: saved.name, bytes: saved.bytes };
      if (saved.reason === "too_large") return { ok: false, status: 413, message: DECK_REFUSALS.tooLarge };
      if (saved.reason === "missing") return { ok: false, status: 400, message: DECK_REFUSALS.empty };
      if (saved.reason === "cut")
        return { ok: false, status: 400, message: "The upload stopped before the whole file arrived. Upload the deck again." };
      return { ok: false, status: 400, message: "The form could not be read (the body is malformed). Reload the page and send it again." };
    });
    if (!answer.ok && answer.status === 404) throw new Response("Not found", { status: 404 });
    return answer.ok
      ? back("deck_notice", `Version ${answer.version} uploaded: its pages are being rendered.`)
      : back("deck_error", answer.message);
  }
  const form = await parseFormBody(request);
  if (!form.ok) throw new Response(form.message, { status: form.status });
  const version = Number(form.form.get("version"));
  const allow = form.form.get("allow") === "true";
  if (form.form.get("intent") !== "download" || !Number.isSafeInteger(version) || version < 1) {
    return back("deck_error", "The form could not be read. Reload the page and try again.");
  }
  if (!allowDeckDownload(app, actor, { startupId: id, isDemo: false }, version, allow)) throw new Response("Not found", { status: 404 });
  return back("deck_notice", allow ? `Version ${version} may be downloaded.` : `Version ${version} may no longer be downloaded.`);
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/startups/${pageId(params.id)}#deck`);
}
