/**
 * Deck links and their views (docs/product.md#deck-links, decision 068). Pure: who a visitor is
 * from a User-Agent (a link-preview bot, a device class), whether a view looks forwarded, and how
 * a link and a view read to the founder. Nothing here reads the clock: `now` is passed in.
 */

/**
 * Link-preview bots and link scanners, by a fragment of their User-Agent, with the name the
 * founder is shown. Order matters where one UA names several: iMessage's preview sends
 * "facebookexternalhit/1.1 Facebot Twitterbot/1.0", so it is tested before Facebook and X; Telegram's says "like TwitterBot", so the named ones come first.
 */
const PREVIEW_BOTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/facebookexternalhit\/1\.1 Facebot Twitterbot\/1\.0/i, "iMessage preview"],
  [/Slackbot|Slack-ImgProxy/i, "Slack preview"],
  [/LinkedInBot/i, "LinkedIn preview"],
  [/WhatsApp/i, "WhatsApp preview"],
  [/TelegramBot/i, "Telegram preview"],
  [/Discordbot/i, "Discord preview"],
  [/SkypeUriPreview/i, "Skype preview"],
  [/Twitterbot/i, "X (Twitter) preview"],
  [/facebookexternalhit|Facebot|meta-externalagent/i, "Facebook preview"],
  [/Microsoft Office|ms-office|MSOffice|SafeLinks|Outlook-iOS-Android\/.*preview|BingPreview|Microsoft Preview/i, "Microsoft link scanner"],
  [/GoogleImageProxy|Google-Safety|Googlebot|Google-PageRenderer|Google-InspectionTool|AdsBot-Google|APIs-Google/i, "Google scanner"],
  [/Applebot/i, "Apple preview"],
  [/HeadlessChrome|PhantomJS|Puppeteer|Playwright|Selenium|electron.*headless/i, "headless browser"],
  [/\b(curl|wget|python-requests|python-urllib|aiohttp|go-http-client|okhttp|java\/|libwww-perl|node-fetch|axios|undici)\b/i, "script"],
  [/bot\b|bot\/|crawler|crawl|spider|preview|scanner|fetcher|scraper|monitor|embed/i, "bot"],
];

/**
 * The preview bot or scanner behind a User-Agent, as the founder is shown it, or null for a
 * person's browser. An empty or missing UA is a bot: every browser sends one.
 */
export function previewBotName(userAgent: string | null | undefined): string | null {
  const ua = (userAgent ?? "").trim();
  if (ua === "") return "unnamed client";
  for (const [pattern, name] of PREVIEW_BOTS) if (pattern.test(ua)) return name;
  return null;
}

export const DEVICE_CLASSES = ["phone", "tablet", "desktop", "unknown"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The device class a User-Agent names: an iPad and an Android without "Mobile" are tablets. */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b/i.test(ua)) return "tablet";
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? "phone" : "tablet";
  if (/iPhone|iPod|Mobile|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return "phone";
  if (/Windows NT|Macintosh|Mac OS X|X11|Linux|CrOS/i.test(ua)) return "desktop";
  return "unknown";
}

/**
 * "Possibly forwarded": a person's view (not a bot) from an address group AND a device class not
 * seen together on any earlier person's view of the same link. The first view is never forwarded;
 * the investor on their phone at home after their laptop at the office is (one signal, said as
 * "possibly", never as a fact).
 */
export function looksForwarded(
  view: { addressGroupHash: string; device: DeviceClass; bot: string | null },
  earlier: ReadonlyArray<{ addressGroupHash: string; device: string; bot: string | null }>,
): boolean {
  if (view.bot !== null) return false;
  const people = earlier.filter((row) => row.bot === null);
  if (people.length === 0) return false;
  const knownGroup = people.some((row) => row.addressGroupHash === view.addressGroupHash);
  const knownDevice = people.some((row) => row.device === view.device);
  return !knownGroup && !knownDevice;
}

export const LINK_STATES = ["active", "expired", "revoked"] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** A link's state at `now`: revoked wins over expired (the founder's act is what they remember). */
export function linkState(link: { revokedAt: string | null; expiresAt: string | null }, now: Date): LinkState {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt && Date.parse(link.expiresAt) <= now.getTime()) return "expired";
  return "active";
}

/** A link's state in the founder's words: "Active", "Active until 12 Dec 2026", "Expired on …", "Turned off on …". */
export function linkStateText(link: { revokedAt: string | null; expiresAt: string | null }, now: Date): string {
  const state = linkState(link, now);
  if (state === "revoked") return `Turned off on ${dayText(link.revokedAt!)}`;
  if (state === "expired") return `Expired on ${dayText(link.expiresAt!)}`;
  return link.expiresAt ? `Active until ${dayText(link.expiresAt)}` : "Active";
}

/**
 * What a visitor of a link that does not work is told: never the investor's or the startup's name.
 * A revoked link reads as an unknown one (its status apart, 410 and 404): a guesser learns
 * nothing from the answer, and a person with an old link is told what to do either way (decision 068).
 */
export const LINK_CLOSED_WORDS: Record<"unknown" | "expired", { title: string; text: string }> = {
  unknown: {
    title: "This link does not work",
    text: "This link does not work: it was turned off or it was never a link. Ask the person who sent it to you for a new one.",
  },
  expired: {
    title: "This link has expired",
    text: "This link has expired. Ask the person who sent it to you for a new one.",
  },
};

/** "6 min over 12 pages", "40 s on 1 page", "opened, no time recorded". */
export function viewText(view: { seconds: number; pagesSeen: number }): string {
  if (view.seconds <= 0) return view.pagesSeen > 0 ? `opened, ${pagesText(view.pagesSeen)}` : "opened, no time recorded";
  return `${durationText(view.seconds)} over ${pagesText(view.pagesSeen)}`;
}

function pagesText(pages: number): string {
  return `${pages} ${pages === 1 ? "page" : "pages"}`;
}

/** "40 s", "6 min", "1 h 5 min". */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "2 Dec 2026", in UTC (what the founder sees beside the link, and in the activity). */
export function dayText(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** The limits on what a viewer may report (docs/api.md#deck-links): bounded so nobody can inflate a read. */
export const VIEW_LIMITS = {
  /** Seconds one report may add to one page: the viewer reports every 15 s, so 60 s is generous. */
  maxSecondsPerPageReport: 60,
  /** Seconds a view may hold in all: three hours is longer than any reading of a deck. */
  maxSecondsPerView: 3 * 60 * 60,
  /** Pages one report may name. */
  maxPagesPerReport: 80,
} as const;

/** The seconds a report may add to a page, given what the view holds: cut to both bounds, never negative. */
export function boundedSeconds(asked: number, viewSeconds: number): number {
  const room = Math.max(0, VIEW_LIMITS.maxSecondsPerView - viewSeconds);
  return Math.max(0, Math.min(Math.floor(asked), VIEW_LIMITS.maxSecondsPerPageReport, room));
}

/** A link's label, cleaned: printable, one line, at most 80 characters; empty is null. */
export function cleanLinkLabel(label: string): string | null {
  const clean = label
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return clean === "" ? null : clean;
}

/** The watermark's text: the investor's name or the link's label, short and plain. */
export function watermarkText(name: string): string {
  const clean = cleanLinkLabel(name) ?? "";
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

/**
 * What the viewer's GET shows and whether it records a visit (decision 068): a deck with no pages
 * says so; a gated link asks a person for an email first, and only a preview bot's visit is
 * recorded then (a bot never fills the form: the founder still sees it, apart); otherwise the
 * pages, and a visit. The founder's own GET is never recorded, and is never asked for an email.
 */
export function viewerStep(visit: { hasPages: boolean; gated: boolean; emailGiven: boolean; founder: boolean; bot: boolean }): {
  show: "empty" | "gate" | "pages";
  record: boolean;
} {
  if (!visit.hasPages) return { show: "empty", record: !visit.founder };
  if (visit.gated && !visit.emailGiven && !visit.founder) return { show: "gate", record: visit.bot };
  return { show: "pages", record: !visit.founder };
}
