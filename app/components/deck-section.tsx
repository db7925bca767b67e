import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { FormNotice } from "./form-notice.tsx";
import { type DeckView, fileSizeText, MAX_DECK_BYTES, MAX_DECK_PAGES, slideAlt, versionStatusText } from "../domain/decks.ts";

/** How often the page asks again while a version renders (with JavaScript; without, "Check again"). */
const RENDERING_POLL_MS = 1500;

/**
 * The startup page's deck (docs/product.md#decks): the upload form (multipart, works without
 * JavaScript), the versions with their status, and the newest ready version's pages as images.
 */
export function DeckSection({
  startupId,
  deck,
  notice,
  error,
  checkedAt,
}: {
  startupId: number;
  /** When the page was made: "Check again" asks for a new one. */
  checkedAt: string;
  deck: DeckView;
  notice: string | null;
  error: string | null;
}) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const uploading = navigation.state === "submitting" && navigation.formAction === `/startups/${startupId}/deck`;
  useEffect(() => {
    if (!deck.rendering) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, RENDERING_POLL_MS);
    return () => clearInterval(timer);
  }, [deck.rendering, revalidator]);
  const shown = deck.shown;
  return (
    <section className="panel deck" aria-labelledby="deck-heading" id="deck">
      <h2 id="deck-heading">Deck</h2>
      <FormNotice notice={notice} error={error} />
      <Form method="post" action={`/startups/${startupId}/deck`} encType="multipart/form-data" className="deck-upload">
        <label htmlFor="deck-file">
          Upload {deck.versions.length > 0 ? "a new version of the deck" : "your deck"} (PDF, at most {MAX_DECK_BYTES / 1024 / 1024} MB and{" "}
          {MAX_DECK_PAGES} pages)
        </label>
        <div className="row">
          <input id="deck-file" name="deck" type="file" accept="application/pdf,.pdf" required />
          <button type="submit" className="button-primary" disabled={uploading}>
            {uploading ? "Uploading…" : "Upload"}
          </button>
        </div>
      </Form>
      {deck.versions.length > 0 ? (
        <table className="table deck-versions">
          <caption className="visually-hidden">Versions of the deck</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">File</th>
              <th scope="col">Status</th>
              <th scope="col">Download</th>
            </tr>
          </thead>
          <tbody>
            {deck.versions.map((version) => (
              <tr key={version.id}>
                <td>{version.number}</td>
                <td>
                  {version.fileName} <span className="muted">({fileSizeText(version.bytes)})</span>
                </td>
                <td>
                  {versionStatusText(version)}
                  {version.refusal ? <span className="deck-refusal">: {version.refusal}</span> : null}
                </td>
                <td>
                  <Form method="post" action={`/startups/${startupId}/deck`} className="deck-download">
                    <input type="hidden" name="intent" value="download" />
                    <input type="hidden" name="version" value={version.number} />
                    <input type="hidden" name="allow" value={version.allowDownload ? "false" : "true"} />
                    {version.allowDownload ? (
                      <a href={`/startups/${startupId}/deck/${version.number}/download`} download>
                        Download the PDF
                      </a>
                    ) : null}{" "}
                    <button type="submit" className="button-quiet">
                      {version.allowDownload ? "Stop downloads" : "Allow download"}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No deck yet. Its pages are rendered once, when you upload it, and shown here.</p>
      )}
      {deck.rendering ? (
        // A form whose address changes with each answer (the time it was made): the same address
        // with #deck would only scroll the page, never ask the server again.
        <Form method="get" action={`/startups/${startupId}#deck`} className="deck-check">
          <input type="hidden" name="checked" value={checkedAt} />
          <p className="muted" role="status">
            A version is being rendered.{" "}
            <button type="submit" className="button-quiet">
              Check again
            </button>
          </p>
        </Form>
      ) : null}
      {shown ? (
        <>
          <h3>Version {shown.number}</h3>
          <ol className="deck-pages">
            {shown.pages.map((page) => (
              <li key={page.number}>
                <img
                  src={`/startups/${startupId}/deck/${shown.number}/pages/${page.number}.webp`}
                  width={page.width}
                  height={page.height}
                  loading="lazy"
                  decoding="async"
                  alt={slideAlt(page.number, shown.pages.length)}
                />
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
