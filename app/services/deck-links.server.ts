import {
  changeDeckLink,
  createInvestorLink,
  createLabelLink,
  type DeckLinkRow,
  type DeckLinkSummary,
  deckIdOf,
  deckLinkById,
  deckLinksOfInvestor,
  deckLinkSummary,
  deckLinksOfStartup,
  deckVersionIdByNumber,
  investorOfSide,
  type LinkChanges,
  linkVersion,
  startupsWithReadyDeck,
} from "#db/queries/deck-links.server.ts";
import { type DeckViewRow, viewsOfLink } from "#db/queries/deck-views.server.ts";
import { startupOfSide } from "#db/queries/decks.server.ts";
import type { App } from "../app-context.ts";
import { deckLinkToken, deckLinkTokenHash, newDeckLinkNonce } from "../auth/deck-link-token.server.ts";
import { type DeckLinkChangeBody, type DeckLinkCreateBody, type DeckLinkForm, expiryFromForm } from "../domain/deck-link-input.ts";
import { cleanLinkLabel, linkState, linkStateText, type LinkState, viewText } from "../domain/deck-links.ts";
import type { Actor } from "../domain/people.ts";

/**
 * Deck links for the founder (docs/product.md#deck-links, decision 068): make one for an investor
 * or with a label, change it, list them with their views. The token is derived from the link's
 * nonce with the app's key each time the founder's page shows it (the database keeps only its hash).
 * The demo side has no links: every write here is for the real side.
 */

/**
 * A link as the founder's pages and the API show it: the stored link's fields and view counts
 * (the query's DeckLinkSummary, named one by one so its nonce never reaches a page), with its
 * address, its state and a sentence for its views.
 */
export type DeckLinkView = Pick<
  DeckLinkSummary,
  | "id"
  | "startupId"
  | "startupName"
  | "investorId"
  | "investorName"
  | "label"
  | "allowDownload"
  | "emailGate"
  | "expiresAt"
  | "revokedAt"
  | "createdAt"
  | "views"
  | "botViews"
  | "forwardedViews"
  | "lastViewedAt"
  | "seconds"
  | "pagesSeen"
> & { url: string; state: LinkState; stateText: string; pinnedVersion: number | null; viewText: string };

/** A link's public address: `${origin}/d/${token}`. */
export function deckLinkUrl(app: App, origin: string, nonce: string): string {
  return `${origin}/d/${deckLinkToken(app.deckLinkKey, nonce)}`;
}

function linkView(app: App, origin: string, link: DeckLinkSummary): DeckLinkView {
  const now = app.now();
  return {
    id: link.id,
    startupId: link.startupId,
    startupName: link.startupName,
    investorId: link.investorId,
    investorName: link.investorName,
    label: link.label,
    url: deckLinkUrl(app, origin, link.nonce),
    state: linkState(link, now),
    stateText: linkStateText(link, now),
    allowDownload: link.allowDownload,
    emailGate: link.emailGate,
    expiresAt: link.expiresAt,
    revokedAt: link.revokedAt,
    pinnedVersion: link.pinnedVersionNumber,
    createdAt: link.createdAt,
    views: link.views,
    botViews: link.botViews,
    forwardedViews: link.forwardedViews,
    lastViewedAt: link.lastViewedAt,
    seconds: link.seconds,
    pagesSeen: link.pagesSeen,
    viewText: link.views > 0 ? viewText(link) : "not opened yet",
  };
}

/**
 * A link as the JSON API answers it: snake_case keys, like the rest of the API (docs/api.md#deck-links).
 * The founder's pages read the camelCase DeckLinkView; only the API's answer is mapped.
 */
export function deckLinkJson(link: DeckLinkView) {
  return {
    id: link.id,
    startup_id: link.startupId,
    startup_name: link.startupName,
    investor_id: link.investorId,
    investor_name: link.investorName,
    label: link.label,
    url: link.url,
    state: link.state,
    state_text: link.stateText,
    allow_download: link.allowDownload,
    email_gate: link.emailGate,
    expires_at: link.expiresAt,
    revoked_at: link.revokedAt,
    pinned_version: link.pinnedVersion,
    created_at: link.createdAt,
    views: link.views,
    bot_views: link.botViews,
    forwarded_views: link.forwardedViews,
    last_viewed_at: link.lastViewedAt,
    seconds: link.seconds,
    pages_seen: link.pagesSeen,
    view_text: link.viewText,
  };
}
export type DeckLinkJson = ReturnType<typeof deckLinkJson>;

/** One view of a link as the JSON API answers it (snake_case keys). */
export function deckViewJson(view: DeckViewRow) {
  return {
    id: view.id,
    version_number: view.versionNumber,
    started_at: view.startedAt,
    last_seen_at: view.lastSeenAt,
    seconds: view.seconds,
    pages_seen: view.pagesSeen,
    device: view.device,
    bot: view.bot,
    forwarded: view.forwarded,
    email: view.email,
    pages: view.pages.map(({ page, seconds }) => ({ page, seconds })),
  };
}

/** `POST /api/deck-links`'s body (snake_case) as makeDeckLink takes it. */
export function linkRequestOf(body: DeckLinkCreateBody): Parameters<typeof makeDeckLink>[3] {
  return {
    startupId: body.startup_id,
    investorId: body.investor_id,
    label: body.label,
    allowDownload: body.allow_download,
    emailGate: body.email_gate,
    expiresAt: body.expires_at,
    pinnedVersion: body.pinned_version,
  };
}

/** `PATCH /api/deck-links/:id`'s body (snake_case) as changeLink takes it. */
export function linkChangesOf(body: DeckLinkChangeBody): Parameters<typeof changeLink>[4] {
  return {
    revoke: body.revoke,
    allowDownload: body.allow_download,
    emailGate: body.email_gate,
    expiresAt: body.expires_at,
    pinnedVersion: body.pinned_version,
  };
}

/** The investor page's "Deck link" part: the startups with a ready deck, and this investor's links. */
export type InvestorDeckLinks = {
  decks: Array<{ startupId: number; name: string }>;
  links: DeckLinkView[];
};

export function investorDeckLinks(app: App, investorId: number, origin: string): InvestorDeckLinks {
  return {
    decks: startupsWithReadyDeck(app.db, false).map(({ startupId, name }) => ({ startupId, name })),
    links: deckLinksOfInvestor(app.db, investorId, false).map((link) => linkView(app, origin, link)),
  };
}

/** A startup's links with their views, newest first (the startup page, the API). */
export function startupDeckLinks(app: App, startupId: number, origin: string): DeckLinkView[] | undefined {
  if (!startupOfSide(app.db, startupId, false)) return undefined;
  return deckLinksOfStartup(app.db, startupId, false).map((link) => linkView(app, origin, link));
}

export type LinkOptions = { allowDownload?: boolean; emailGate?: boolean; expiresAt?: string | null; pinnedVersion?: number | null };

export type MadeLink = { ok: true; link: DeckLinkView; made: boolean } | { ok: false; status: 400 | 404 | 409; message: string };

/** Words for a refusal the founder can act on. */
export const LINK_REFUSALS = {
  noDeck:
    "This startup has no deck ready yet. Upload the deck on the startup's page first; a link can be made once its pages are rendered.",
  noStartup: "No such startup.",
  noInvestor: "No such investor.",
  noVersion: "That version of the deck is not ready (or does not exist). Choose a ready version, or let the link follow the newest.",
  noLabel: "Give the link a label (who it is for, such as “Demo day list”) so you can tell its views apart.",
  pastExpiry: "The expiry date is in the past. Choose a later date, or none.",
} as const;

function newToken(app: App): { nonce: string; tokenHash: string } {
  const nonce = newDeckLinkNonce();
  return { nonce, tokenHash: deckLinkTokenHash(deckLinkToken(app.deckLinkKey, nonce)) };
}

function resolvePin(app: App, deckId: number, pinnedVersion: number | null | undefined): number | null | undefined | false {
  if (pinnedVersion === undefined || pinnedVersion === null) return pinnedVersion;
  return deckVersionIdByNumber(app.db, deckId, pinnedVersion) ?? false;
}

function expiryRefusal(app: App, expiresAt: string | null | undefined): string | null {
  if (expiresAt && Date.parse(expiresAt) <= app.now().getTime()) return LINK_REFUSALS.pastExpiry;
  return null;
}

/**
 * The investor's link to the startup's deck: the active one when there is one (`made` false),
 * else a new one. Refused when the startup has no ready deck.
 */
export function makeDeckLink(
  app: App,
  actor: Actor,
  origin: string,
  request: { startupId: number; investorId?: number; label?: string } & LinkOptions,
): MadeLink {
  const startup = startupOfSide(app.db, request.startupId, false);
  if (!startup) return { ok: false, status: 404, message: LINK_REFUSALS.noStartup };
  const deckId = deckIdOf(app.db, startup.id, false);
  // A ready version to show: the newest, as an unpinned link follows it.
  if (deckId === undefined || !linkVersion(app.db, { deckId, pinnedVersionId: null }))
    return { ok: false, status: 409, message: LINK_REFUSALS.noDeck };
  const pinned = resolvePin(app, deckId, request.pinnedVersion);
  if (pinned === false) return { ok: false, status: 400, message: LINK_REFUSALS.noVersion };
  const expiry = expiryRefusal(app, request.expiresAt);
  if (expiry) return { ok: false, status: 400, message: expiry };
  const base = {
    deckId,
    startup,
    isDemo: false,
    ...newToken(app),
    allowDownload: request.allowDownload,
    emailGate: request.emailGate,
    expiresAt: request.expiresAt,
    pinnedVersionId: pinned,
  };
  let row: DeckLinkRow;
  let made = true;
  if (request.investorId !== undefined) {
    const investor = investorOfSide(app.db, request.investorId, false);
    if (!investor) return { ok: false, status: 404, message: LINK_REFUSALS.noInvestor };
    const answer = createInvestorLink(app.db, actor, { ...base, investor }, app.now());
    row = answer.link;
    made = answer.made;
  } else {
    const label = cleanLinkLabel(request.label ?? "");
    if (!label) return { ok: false, status: 400, message: LINK_REFUSALS.noLabel };
    row = createLabelLink(app.db, actor, { ...base, label }, app.now());
  }
  return { ok: true, made, link: summaryOf(app, origin, row.id)! };
}

/** One link of the real side, as shown (just made or changed). */
function summaryOf(app: App, origin: string, linkId: number): DeckLinkView | undefined {
  const summary = deckLinkSummary(app.db, linkId, false);
  return summary ? linkView(app, origin, summary) : undefined;
}

/** The founder's change to a link (revoke, expiry, download, gate, pin). */
export function changeLink(
  app: App,
  actor: Actor,
  origin: string,
  linkId: number,
  changes: Omit<LinkChanges, "pinnedVersionId"> & { pinnedVersion?: number | null },
): MadeLink {
  const link = deckLinkById(app.db, linkId, false);
  if (!link) return { ok: false, status: 404, message: "No such link." };
  const pinned = resolvePin(app, link.deckId, changes.pinnedVersion);
  if (pinned === false) return { ok: false, status: 400, message: LINK_REFUSALS.noVersion };
  const expiry = expiryRefusal(app, changes.expiresAt);
  if (expiry) return { ok: false, status: 400, message: expiry };
  const { pinnedVersion: _, ...rest } = changes;
  changeDeckLink(app.db, actor, link, { ...rest, ...(pinned !== undefined ? { pinnedVersionId: pinned } : {}) }, app.now());
  return { ok: true, made: false, link: summaryOf(app, origin, link.id)! };
}

/** A link's views (newest first), each with its seconds per page; undefined for no such link. */
export function deckLinkViews(app: App, linkId: number): DeckViewRow[] | undefined {
  if (!deckLinkById(app.db, linkId, false)) return undefined;
  return viewsOfLink(app.db, linkId);
}

/**
 * A deck-link form of the investor page (`investorId`) or the startup page (`startupId`): the
 * words to show back, good or bad. A link of another investor or startup is not found.
 */
export function submitDeckLinkForm(
  app: App,
  actor: Actor,
  origin: string,
  scope: { investorId: number } | { startupId: number },
  form: DeckLinkForm,
): { ok: boolean; message: string } {
  if (form.intent === "make") {
    const made =
      "investorId" in scope
        ? form.startup === undefined
          ? ({ ok: false, status: 400, message: "Choose the startup whose deck to link to." } as const)
          : makeDeckLink(app, actor, origin, { startupId: form.startup, investorId: scope.investorId })
        : makeDeckLink(app, actor, origin, {
            startupId: scope.startupId,
            label: form.label ?? "",
            emailGate: form.email_gate === "true",
            allowDownload: form.allow_download === "true",
          });
    if (!made.ok) return { ok: false, message: made.message };
    return {
      ok: true,
      message: made.made ? "The link is made: copy it into your email." : "This investor already has a link: here it is.",
    };
  }
  const link = deckLinkById(app.db, form.link, false);
  const ours = link && ("investorId" in scope ? link.investorId === scope.investorId : link.startupId === scope.startupId);
  if (!link || !ours) return { ok: false, message: "That link is not here any more. Reload the page." };
  if (form.intent === "revoke") {
    changeLink(app, actor, origin, link.id, { revoke: true });
    return { ok: true, message: "The link is turned off: whoever opens it is told to ask you for a new one." };
  }
  if (form.intent === "download") {
    const allow = form.allow === "true";
    changeLink(app, actor, origin, link.id, { allowDownload: allow });
    return {
      ok: true,
      message: allow ? "The PDF may be downloaded through this link." : "The PDF may no longer be downloaded through this link.",
    };
  }
  const expiresAt = expiryFromForm(form.expires ?? null);
  if (expiresAt === undefined)
    return { ok: false, message: "The expiry date could not be read. Choose a date, or leave it empty for none." };
  const changed = changeLink(app, actor, origin, link.id, { expiresAt });
  if (!changed.ok) return { ok: false, message: changed.message };
  return { ok: true, message: expiresAt ? `The link stops working after ${expiresAt.slice(0, 10)}.` : "The link no longer expires." };
}
