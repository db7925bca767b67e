import { Cron } from "croner";
import { z } from "zod";

/**
 * Every environment variable the app reads, validated once at boot. Empty strings count as
 * unset, so `FOO=` in a .env file behaves like leaving FOO out.
 */

const optionalText = z.string().trim().min(1).optional();
const optionalUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional();

function integer(min: number, max: number, fallback: number) {
  return z.coerce
    .number({ message: "must be a number" })
    .int({ message: "must be a whole number" })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);
}

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    message: "must be true or false",
  })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

const cronPattern = z.string().refine(
  (pattern) => {
    try {
      new Cron(pattern, { paused: true }).stop();
      return true;
    } catch {
      return false;
    }
  },
  { message: "must be a 5-field cron pattern such as 0 7 * * 1,4" },
);

const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: "must be an IANA time zone such as Europe/Paris" },
);

/** Public venture-news feeds read when DEAL_FEEDS is unset: funding rounds in the US and Europe. */
export const DEFAULT_DEAL_FEEDS = [
  "https://techcrunch.com/category/venture/feed/",
  "https://news.crunchbase.com/feed/",
  "https://www.eu-startups.com/feed/",
  "https://tech.eu/feed/",
].join(",");

/** Comma-separated http(s) URLs, at most 30; read as a list. */
const dealFeeds = z
  .string()
  // "none" reads no feed (a machine without internet, the tests).
  .transform((text) =>
    (text.trim().toLowerCase() === "none" ? "" : text)
      .split(",")
      .map((url) => url.trim())
      .filter((url) => url !== ""),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/, message: "each feed must be an http(s) URL" })).max(30, "at most 30 feeds"));

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: integer(1, 65_535, 3000),
  HOST: z.string().default("0.0.0.0"),
  // Behind a TLS-terminating proxy (Fly, nginx, Caddy): take the scheme and host the browser used
  // from X-Forwarded-Proto / X-Forwarded-Host. Off by default: anyone can send those headers.
  TRUST_PROXY: booleanFlag.default(false),
  DATABASE_PATH: z.string().default("./data/app.db"),

  GEMINI_API_KEY: optionalText,
  GEMINI_MODEL: z.string().default("gemini-2.5-flash"),
  GEMINI_BASE_URL: optionalUrl,
  LLM_FALLBACK_BASE_URL: optionalUrl,
  LLM_FALLBACK_API_KEY: optionalText,
  LLM_FALLBACK_MODEL: optionalText,

  TAVILY_API_KEY: optionalText,
  TAVILY_BASE_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).default("https://api.tavily.com"),

  FOUNDER_NAME: optionalText,
  FOUNDER_PITCH: optionalText,
  MEETING_LINK: optionalUrl,

  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  DIGEST_TO: optionalText,
  TWILIO_BASE_URL: optionalUrl,

  // Mail capture (docs/decisions/014-mail-capture.md): message headers only, over IMAP.
  IMAP_HOST: optionalText,
  IMAP_PORT: integer(1, 65_535, 993),
  IMAP_USER: optionalText,
  IMAP_PASSWORD: optionalText,
  IMAP_TLS: booleanFlag.default(true),
  // Comma-separated mailbox paths; unset means the inbox and the mailbox flagged \Sent.
  IMAP_MAILBOXES: optionalText,
  MAIL_SYNC_CRON: cronPattern.default("*/15 * * * *"),

  SCHEDULER_ENABLED: booleanFlag.default(true),
  TZ_SCHEDULE: timeZone.default("UTC"),
  REFRESH_CRON: cronPattern.default("0 7 * * 1,4"),
  DIGEST_CRON: cronPattern.default("0 8 * * *"),
  // Discovery reads the week's funding news once a week, before Monday's refresh (decision 034).
  DISCOVERY_CRON: cronPattern.default("0 6 * * 1"),
  // Days pass without a refresh: follow-ups fall due and news fades, so scores are redone daily.
  RESCORE_CRON: cronPattern.default("0 6 * * *"),

  // Guessed from anywhere at the ceiling's rate (decision 019): long enough to be out of reach.
  CRON_SECRET: z.string().trim().min(32, { message: "must be at least 32 characters (openssl rand -hex 32)" }).optional(),
  // A short passcode falls to guessing even at the limited rate (decision 013).
  ADMIN_PASSCODE: z.string().trim().min(12, { message: "must be at least 12 characters" }).optional(),
  SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  // Derives each deck link's token from its nonce (decision 068); without it a random key is kept
  // in the database. Changing it turns off every deck link sent.
  DECK_LINK_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),

  RUN_BUDGET_SECONDS: integer(1, 3_600, 50),
  // The open demo's share of the process: requests without a session started a second (decision 018).
  DEMO_REQUESTS_PER_SECOND: integer(1, 1_000_000, 20),
  REFRESH_CREDIT_BUDGET: integer(1, 100_000, 100),
  REFRESH_GROUP_SIZE: integer(1, 10, 5),
  EVIDENCE_HALF_LIFE_DAYS: integer(1, 365, 14),
  FOLLOW_UP_AFTER_DAYS: integer(1, 365, 7),

  // Discovery's sources (docs/product.md#sources-and-deals, decision 033): funding-news feeds read
  // with a conditional GET, Tavily news within a weekly credit budget, GDELT (keyless).
  DEAL_FEEDS: dealFeeds.prefault(DEFAULT_DEAL_FEEDS),
  DISCOVERY_CREDIT_BUDGET: integer(0, 100_000, 30),
  DISCOVERY_GDELT: booleanFlag.default(true),
  GDELT_BASE_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).default("https://api.gdeltproject.org"),
});

export type Config = z.infer<typeof configSchema>;

/** The variables whose values are secret: never printed, never sent anywhere. */
export const SECRET_NAMES = [
  "GEMINI_API_KEY",
  "LLM_FALLBACK_API_KEY",
  "TAVILY_API_KEY",
  "TWILIO_AUTH_TOKEN",
  "IMAP_PASSWORD",
  "CRON_SECRET",
  "ADMIN_PASSCODE",
  "SESSION_SECRET",
  "DECK_LINK_SECRET",
] as const;

/** The settings `/api/health` and `/settings` report, as yes/no only. */
export const REPORTED_SETTINGS = [
  "GEMINI_API_KEY",
  "LLM_FALLBACK_BASE_URL",
  "LLM_FALLBACK_API_KEY",
  "LLM_FALLBACK_MODEL",
  "TAVILY_API_KEY",
  "FOUNDER_NAME",
  "FOUNDER_PITCH",
  "MEETING_LINK",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM",
  "DIGEST_TO",
  "IMAP_HOST",
  "IMAP_USER",
  "IMAP_PASSWORD",
  "SCHEDULER_ENABLED",
  "CRON_SECRET",
  "ADMIN_PASSCODE",
  "SESSION_SECRET",
] as const;

export class ConfigError extends Error {}

/** Parses an environment into a Config, or throws a ConfigError whose message is one line. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== "") cleaned[key] = value;
  }
  const result = configSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
  throw new ConfigError(`Invalid environment: ${problems.join("; ")}.`);
}

export function reportSettings(config: Config): Record<(typeof REPORTED_SETTINGS)[number], boolean> {
  const report = {} as Record<(typeof REPORTED_SETTINGS)[number], boolean>;
  for (const name of REPORTED_SETTINGS) {
    const value = config[name];
    report[name] = typeof value === "boolean" ? value : value !== undefined;
  }
  return report;
}

/**
 * For /settings: which variables were given a value of their own (true) or left to their
 * default or unset (false). Booleans only, never a value.
 */
export function reportVariables(config: Config): Record<keyof Config, boolean> {
  const defaults = configSchema.parse({});
  const report = {} as Record<keyof Config, boolean>;
  for (const name of Object.keys(configSchema.shape) as Array<keyof Config>) {
    // JSON, so a list (DEAL_FEEDS) left at its default compares equal to it.
    report[name] = config[name] !== undefined && JSON.stringify(config[name]) !== JSON.stringify(defaults[name]);
  }
  return report;
}
