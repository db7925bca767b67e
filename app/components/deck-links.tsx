import { useState } from "react";
import { Form } from "react-router";
import { dayText } from "../domain/deck-links.ts";
import { FormNotice } from "./form-notice.tsx";

/**
 * Deck links for the founder (docs/product.md#deck-links, decision 068): on the investor page the
 * investor's link (make it, copy it, turn it off, allow the download, an expiry); on the startup
 * page every link with its views and a form for an ad-hoc link with a label. Plain forms that work
 * without JavaScript; the Copy button needs it (the link is in a text field either way).
 */

/** A link as the pages show it (the service's DeckLinkView, without what the page does not read). */
export type DeckLinkItem = {
  id: number;
  startupId: number;
  startupName: string;
  investorName: string | null;
  label: string | null;
  url: string;
  state: "active" | "expired" | "revoked";
  stateText: string;
  allowDownload: boolean;
  emailGate: boolean;
  expiresAt: string | null;
  views: number;
  botViews: number;
  forwardedViews: number;
  lastViewedAt: string | null;
  viewText: string;
};

function CopyLink({ id, url }: { id: number; url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="row deck-link-copy">
      <label className="visually-hidden" htmlFor={`deck-link-${id}`}>
        The link to send
      </label>
      <input id={`deck-link-${id}`} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <button
        type="button"
        className="button-quiet"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}

/** The forms that change one link: turn off, download, expiry. `action` is the page's form route. */
function LinkControls({ link, action }: { link: DeckLinkItem; action: string }) {
  if (link.state === "revoked") return null;
  return (
    <div className="row deck-link-controls">
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="download" />
        <input type="hidden" name="link" value={link.id} />
        <input type="hidden" name="allow" value={link.allowDownload ? "false" : "true"} />
        <button type="submit" className="button-quiet">
          {link.allowDownload ? "Stop the download" : "Allow the download"}
        </button>
      </Form>
      <Form method="post" action={action} className="row">
        <input type="hidden" name="intent" value="expiry" />
        <input type="hidden" name="link" value={link.id} />
        <label htmlFor={`deck-link-expiry-${link.id}`}>Expires on</label>
        <input id={`deck-link-expiry-${link.id}`} name="expires" type="date" defaultValue={link.expiresAt?.slice(0, 10) ?? ""} />
        <button type="submit" className="button-quiet">
          Set the expiry
        </button>
      </Form>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="link" value={link.id} />
        <button type="submit" className="button-quiet">
          Turn the link off
        </button>
      </Form>
    </div>
  );
}

function viewsWords(link: DeckLinkItem): string {
  if (link.views === 0) return "Not opened yet";
  const last = link.lastViewedAt ? `, last on ${dayText(link.lastViewedAt)}` : "";
  return `Opened ${link.views} ${link.views === 1 ? "time" : "times"}${last}: ${link.viewText}`;
}

/** The investor page's "Deck link" part. */
export function InvestorDeckLink({
  investorId,
  decks,
  links,
  notice,
  error,
}: {
  investorId: number;
  decks: Array<{ startupId: number; name: string }>;
  links: DeckLinkItem[];
  notice: string | null;
  error: string | null;
}) {
  const action = `/investors/${investorId}/deck-link`;
  const active = links.filter((link) => link.state === "active");
  const without = decks.filter((deck) => !active.some((link) => link.startupId === deck.startupId));
  return (
    <section className="panel deck-link" aria-labelledby="deck-link-heading" id="deck-link">
      <h2 id="deck-link-heading">Deck link</h2>
      <FormNotice notice={notice} error={error} />
      {decks.length === 0 ? (
        <p className="muted">
          No deck is ready yet. Upload your deck on the startup's page; then a link for this investor can be made here.
        </p>
      ) : null}
      {active.map((link) => (
        <div key={link.id} className="deck-link-item">
          <p>
            <strong>{link.startupName}'s deck</strong> · {link.stateText} · {viewsWords(link)}
            {link.botViews > 0 ? ` · ${link.botViews} by link previews (not reads)` : ""}
            {link.forwardedViews > 0 ? " · possibly forwarded" : ""}
          </p>
          <CopyLink id={link.id} url={link.url} />
          <LinkControls link={link} action={action} />
        </div>
      ))}
      {without.map((deck) => (
        <Form key={deck.startupId} method="post" action={action}>
          <input type="hidden" name="intent" value="make" />
          <input type="hidden" name="startup" value={deck.startupId} />
          <button type="submit" className="button-primary">
            Make a link to {deck.name}'s deck
          </button>
        </Form>
      ))}
      {links.some((link) => link.state !== "active") ? (
        <p className="muted">
          Earlier links:{" "}
          {links
            .filter((link) => link.state !== "active")
            .map((link) => `${link.startupName}'s deck, ${link.stateText.toLowerCase()} (${viewsWords(link).toLowerCase()})`)
            .join("; ")}
        </p>
      ) : null}
    </section>
  );
}

/** The startup page's list of links with their views, and the ad-hoc link's form. */
export function StartupDeckLinks({
  startupId,
  links,
  canMake,
  notice,
  error,
}: {
  startupId: number;
  links: DeckLinkItem[];
  canMake: boolean;
  notice: string | null;
  error: string | null;
}) {
  const action = `/startups/${startupId}/deck/links`;
  return (
    <section className="panel deck-links" aria-labelledby="deck-links-heading" id="deck-links">
      <h2 id="deck-links-heading">Deck links</h2>
      <FormNotice notice={notice} error={error} />
      {links.length === 0 ? (
        <p className="muted">No links yet. Make one for an investor on their page, or one with a label below.</p>
      ) : (
        <table className="table deck-links-table">
          <caption className="visually-hidden">Links to the deck and their views</caption>
          <thead>
            <tr>
              <th scope="col">For</th>
              <th scope="col">State</th>
              <th scope="col">Views</th>
              <th scope="col">Link previews</th>
              <th scope="col">Link</th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.id}>
                <td>{link.investorName ?? link.label}</td>
                <td>{link.stateText}</td>
                <td>
                  {viewsWords(link)}
                  {link.forwardedViews > 0 ? <span className="badge"> possibly forwarded</span> : null}
                </td>
                <td>{link.botViews > 0 ? `${link.botViews} (not reads)` : "none"}</td>
                <td>{link.state === "active" ? <CopyLink id={link.id} url={link.url} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canMake ? (
        <Form method="post" action={action} className="deck-link-new">
          <input type="hidden" name="intent" value="make" />
          <label htmlFor="deck-link-label">A link with a label (for a list, an event, anyone not in your pipeline)</label>
          <div className="row">
            <input id="deck-link-label" name="label" type="text" maxLength={80} required placeholder="Demo day list" />
            <label className="row">
              <input type="checkbox" name="email_gate" value="true" /> Ask for their email first
            </label>
            <label className="row">
              <input type="checkbox" name="allow_download" value="true" /> Allow the download
            </label>
            <button type="submit" className="button-primary">
              Make the link
            </button>
          </div>
        </Form>
      ) : null}
      {links
        .filter((link) => link.state === "active" && !link.investorName)
        .map((link) => (
          <div key={link.id} className="deck-link-item">
            <p>
              <strong>{link.label}</strong>
            </p>
            <LinkControls link={link} action={action} />
          </div>
        ))}
    </section>
  );
}
