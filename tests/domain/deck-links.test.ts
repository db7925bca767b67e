import { describe, expect, it } from "vitest";
import {
  boundedSeconds,
  cleanLinkLabel,
  deviceClass,
  durationText,
  linkState,
  linkStateText,
  looksForwarded,
  previewBotName,
  VIEW_LIMITS,
  viewerStep,
  viewText,
} from "#app/domain/deck-links.ts";
import { activitySentence } from "#app/domain/people.ts";

/** User-Agents as the bots and browsers send them (from their publishers' documentation and server logs). */
const BOTS: Array<[string, string]> = [
  ["Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "Slack preview"],
  ["Slack-ImgProxy (+https://api.slack.com/robots)", "Slack preview"],
  ["LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", "LinkedIn preview"],
  ["Twitterbot/1.0", "X (Twitter) preview"],
  ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "Facebook preview"],
  ["Facebot", "Facebook preview"],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    "iMessage preview",
  ],
  ["WhatsApp/2.23.20.0 A", "WhatsApp preview"],
  ["TelegramBot (like TwitterBot)", "Telegram preview"],
  ["Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", "Discord preview"],
  ["Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com", "Skype preview"],
  ["Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.4266; Pro)", "Microsoft link scanner"],
  ["Mozilla/4.0 (compatible; ms-office; MSOffice 16)", "Microsoft link scanner"],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) SafeLinks/1.0", "Microsoft link scanner"],
  ["Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)", "Google scanner"],
  ["Google-Safety", "Google scanner"],
  ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Google scanner"],
  ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.28 Safari/537.36", "headless browser"],
  ["curl/8.5.0", "script"],
  ["Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "bot"],
  ["Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)", "bot"],
  ["ia_archiver (+http://www.alexa.com/site/help/webmasters; crawler@alexa.com)", "bot"],
  ["Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "bot"],
  ["Iframely/1.3.1 (+https://iframely.com/docs/about) Preview", "bot"],
];

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";
const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.43 Mobile Safari/537.36";
const ANDROID_TABLET = "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0";

describe("preview bots (decision 068)", () => {
  it.each(BOTS)("recognises %s", (ua, name) => {
    expect(previewBotName(ua)).toBe(name);
  });

  it("takes an empty or missing User-Agent for a bot: every browser sends one", () => {
    expect(previewBotName("")).toBe("unnamed client");
    expect(previewBotName("   ")).toBe("unnamed client");
    expect(previewBotName(null)).toBe("unnamed client");
  });

  it("takes people's browsers for people", () => {
    for (const ua of [IPHONE, IPAD, ANDROID_PHONE, ANDROID_TABLET, MAC, WINDOWS, FIREFOX_LINUX]) expect(previewBotName(ua), ua).toBeNull();
  });
});

describe("device class", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(deviceClass(IPHONE)).toBe("phone");
    expect(deviceClass(ANDROID_PHONE)).toBe("phone");
    expect(deviceClass(IPAD)).toBe("tablet");
    expect(deviceClass(ANDROID_TABLET)).toBe("tablet");
    expect(deviceClass(MAC)).toBe("desktop");
    expect(deviceClass(WINDOWS)).toBe("desktop");
    expect(deviceClass(FIREFOX_LINUX)).toBe("desktop");
    expect(deviceClass("Twitterbot/1.0")).toBe("unknown");
    expect(deviceClass(undefined)).toBe("unknown");
  });
});

describe("what the viewer's GET shows and records", () => {
  const person = { hasPages: true, gated: false, emailGiven: false, founder: false, bot: false };

  it("records a person's visit and a bot's, never the founder's", () => {
    expect(viewerStep(person)).toEqual({ show: "pages", record: true });
    expect(viewerStep({ ...person, bot: true })).toEqual({ show: "pages", record: true });
    expect(viewerStep({ ...person, founder: true })).toEqual({ show: "pages", record: false });
  });

  it("asks a person for an email first on a gated link, recording only a preview bot's visit meanwhile", () => {
    expect(viewerStep({ ...person, gated: true })).toEqual({ show: "gate", record: false });
    expect(viewerStep({ ...person, gated: true, bot: true })).toEqual({ show: "gate", record: true });
    expect(viewerStep({ ...person, gated: true, emailGiven: true })).toEqual({ show: "pages", record: true });
    expect(viewerStep({ ...person, gated: true, founder: true })).toEqual({ show: "pages", record: false });
  });

  it("says a deck without pages is empty, and records the visit to it", () => {
    expect(viewerStep({ ...person, hasPages: false, gated: true })).toEqual({ show: "empty", record: true });
    expect(viewerStep({ ...person, hasPages: false, founder: true })).toEqual({ show: "empty", record: false });
  });
});

describe("possibly forwarded", () => {
  const office = { addressGroupHash: "office", device: "desktop", bot: null };

  it("is never the first view, nor a bot's", () => {
    expect(looksForwarded({ addressGroupHash: "a", device: "phone", bot: null }, [])).toBe(false);
    expect(looksForwarded({ addressGroupHash: "a", device: "phone", bot: "Slack preview" }, [office])).toBe(false);
  });

  it("is a new address group AND a new device after a person's view", () => {
    expect(looksForwarded({ addressGroupHash: "home", device: "phone", bot: null }, [office])).toBe(true);
    // The same laptop at home, or a phone on the office network: the investor themselves.
    expect(looksForwarded({ addressGroupHash: "home", device: "desktop", bot: null }, [office])).toBe(false);
    expect(looksForwarded({ addressGroupHash: "office", device: "phone", bot: null }, [office])).toBe(false);
  });

  it("does not count bots' earlier views as the investor's", () => {
    const slack = { addressGroupHash: "slack", device: "unknown", bot: "Slack preview" };
    expect(looksForwarded({ addressGroupHash: "office", device: "desktop", bot: null }, [slack])).toBe(false);
  });
});

describe("a link and a view in words", () => {
  const now = new Date("2026-12-02T12:00:00Z");

  it("says a link's state: revoked before expired", () => {
    expect(linkState({ revokedAt: null, expiresAt: null }, now)).toBe("active");
    expect(linkState({ revokedAt: null, expiresAt: "2026-12-01T00:00:00Z" }, now)).toBe("expired");
    expect(linkState({ revokedAt: null, expiresAt: "2026-12-02T12:00:00Z" }, now)).toBe("expired");
    expect(linkState({ revokedAt: "2026-11-30T00:00:00Z", expiresAt: "2026-12-01T00:00:00Z" }, now)).toBe("revoked");
    expect(linkStateText({ revokedAt: null, expiresAt: "2026-12-12T00:00:00Z" }, now)).toBe("Active until 12 Dec 2026");
    expect(linkStateText({ revokedAt: "2026-11-30T09:00:00Z", expiresAt: null }, now)).toBe("Turned off on 30 Nov 2026");
    expect(linkStateText({ revokedAt: null, expiresAt: "2026-12-01T00:00:00Z" }, now)).toBe("Expired on 1 Dec 2026");
  });

  it("says a view's time and pages", () => {
    expect(viewText({ seconds: 360, pagesSeen: 12 })).toBe("6 min over 12 pages");
    expect(viewText({ seconds: 40, pagesSeen: 1 })).toBe("40 s over 1 page");
    expect(viewText({ seconds: 0, pagesSeen: 0 })).toBe("opened, no time recorded");
    expect(durationText(3900)).toBe("1 h 5 min");
  });

  it("bounds what a report may add", () => {
    expect(boundedSeconds(15, 0)).toBe(15);
    expect(boundedSeconds(600, 0)).toBe(VIEW_LIMITS.maxSecondsPerPageReport);
    expect(boundedSeconds(30, VIEW_LIMITS.maxSecondsPerView - 10)).toBe(10);
    expect(boundedSeconds(30, VIEW_LIMITS.maxSecondsPerView + 10)).toBe(0);
    expect(boundedSeconds(-5, 0)).toBe(0);
  });

  it("cleans a label to one printable line", () => {
    expect(cleanLinkLabel("  Angel\nlist \u0000 demo day ")).toBe("Angel list demo day");
    expect(cleanLinkLabel("   ")).toBeNull();
    expect(cleanLinkLabel("x".repeat(200))).toHaveLength(80);
  });
});

describe("a link's activity in words", () => {
  it("names the deck and the investor, or the label", () => {
    const sentence = (subject: string, detail: Record<string, unknown>) => activitySentence({ kind: "deck", detail }, "Ana", subject);
    expect(sentence("Ilse Varga", { what: "made a link", startup: "Fjordly" })).toBe("Ana made a link to Fjordly's deck for Ilse Varga");
    expect(sentence("Fjordly", { what: "made a link", label: "Demo day" })).toBe('Ana made a link "Demo day" to Fjordly\'s deck');
    expect(sentence("Ilse Varga", { what: "turned off the link", startup: "Fjordly" })).toBe(
      "Ana turned off the link to Fjordly's deck for Ilse Varga",
    );
  });
});
