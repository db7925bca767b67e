/**
 * What /settings says about each integration (docs/product.md#integrations): whether it is set, what it does for the
 * founder, what happens without it, and how to set it. Pure: it gets yes/no per variable (was
 * it given a value of its own?) and never sees a value.
 */
export type IntegrationState = "on" | "partly" | "off";

export type Integration = {
  key: string;
  name: string;
  state: IntegrationState;
  /** "Set", "Not set", "Partly set: TWILIO_FROM missing"… */
  status: string;
  what: string;
  whenMissing: string;
  /** Variables, each with whether it was given a value. */
  variables: Array<{ name: string; given: boolean; secret: boolean; note?: string }>;
  /** A command or line to set it. */
  howToSet: string;
};

export type IntegrationFacts = {
  /** Variable name → given a value of its own (not the default, not empty). */
  given: Record<string, boolean>;
  schedulerEnabled: boolean;
};

const SECRETS = new Set([
  "GEMINI_API_KEY",
  "LLM_FALLBACK_API_KEY",
  "TAVILY_API_KEY",
  "TWILIO_AUTH_TOKEN",
  "CRON_SECRET",
  "ADMIN_PASSCODE",
  "SESSION_SECRET",
]);

function stateOf(given: Record<string, boolean>, required: string[]): { state: IntegrationState; status: string } {
  const missing = required.filter((name) => !given[name]);
  if (missing.length === 0) return { state: "on", status: "Set" };
  if (missing.length === required.length) return { state: "off", status: "Not set" };
  return { state: "partly", status: `Partly set: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing` };
}

function variables(given: Record<string, boolean>, names: string[], notes: Record<string, string> = {}) {
  return names.map((name) => ({ name, given: Boolean(given[name]), secret: SECRETS.has(name), note: notes[name] }));
}

export function describeIntegrations(facts: IntegrationFacts): Integration[] {
  const { given } = facts;
  const gemini = stateOf(given, ["GEMINI_API_KEY"]);
  const fallback = stateOf(given, ["LLM_FALLBACK_BASE_URL", "LLM_FALLBACK_API_KEY", "LLM_FALLBACK_MODEL"]);
  const anyModel = gemini.state === "on" || fallback.state === "on";
  const twilio = stateOf(given, ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "DIGEST_TO"]);
  const secrets = stateOf(given, ["CRON_SECRET", "ADMIN_PASSCODE", "SESSION_SECRET"]);
  const customSchedule = ["TZ_SCHEDULE", "REFRESH_CRON", "DIGEST_CRON"].some((name) => given[name]);

  return [
    {
      key: "database",
      name: "Database (SQLite)",
      state: "on",
      status: given.DATABASE_PATH ? "Set" : "Set (default path)",
      what: "One file holds everything: investors, evidence, runs, startups, and the outreach details saved on this page.",
      whenMissing:
        "Always present: without DATABASE_PATH the file is ./data/app.db. On Fly it must sit on the volume, or a deploy wipes it.",
      variables: variables(given, ["DATABASE_PATH"], { DATABASE_PATH: "default ./data/app.db" }),
      howToSet: 'In fly.toml under [env]: DATABASE_PATH = "/data/app.db" (the volume is mounted at /data).',
    },
    {
      key: "gemini",
      name: "Language model: Gemini",
      ...gemini,
      what: "Reads the news a refresh finds and judges it (new fund, deal, departure, red flag), writes each investor's hook, drafts a rubric for each startup and answers the chat.",
      whenMissing:
        fallback.state === "on"
          ? "The fallback model below does the same work."
          : "The fallback model is used; it is not set either, so see what happens without it below.",
      variables: variables(given, ["GEMINI_API_KEY", "GEMINI_MODEL"], { GEMINI_MODEL: "optional, default gemini-2.5-flash" }),
      howToSet: "fly secrets set GEMINI_API_KEY=… (a key from Google AI Studio)",
    },
    {
      key: "fallback",
      name: "Language model: fallback",
      ...fallback,
      what: "The same kind of model through any OpenAI-compatible endpoint, used when Gemini is not set or fails (quota, outage).",
      whenMissing: anyModel
        ? "Gemini does the work; if it fails, that step waits for the next refresh."
        : "No model at all: the chat answers with a plain summary, a new startup gets a rubric labelled “Default rubric”, and a refresh saves the news it finds unjudged (the run says why).",
      variables: variables(given, ["LLM_FALLBACK_BASE_URL", "LLM_FALLBACK_API_KEY", "LLM_FALLBACK_MODEL"]),
      howToSet: "fly secrets set LLM_FALLBACK_BASE_URL=https://… LLM_FALLBACK_API_KEY=… LLM_FALLBACK_MODEL=…",
    },
    {
      key: "search",
      name: "Web search: Tavily",
      ...stateOf(given, ["TAVILY_API_KEY"]),
      what: "Finds news from the last 30 days about your investors during a refresh; this is where hooks and red flags come from.",
      whenMissing: "Refresh now and the scheduled refresh cannot run (they answer “search not configured”); the demo refresh still works.",
      variables: variables(given, ["TAVILY_API_KEY"]),
      howToSet: "fly secrets set TAVILY_API_KEY=tvly-…",
    },
    {
      key: "phone",
      name: "Phone message: Twilio",
      ...twilio,
      what: "Sends the morning digest (who to email first, follow-ups due, who not to chase) to your phone by SMS, or by WhatsApp when TWILIO_FROM starts with whatsapp:.",
      whenMissing: "The digest is still written every morning (the cron digest route returns its text) but nothing is sent.",
      variables: variables(given, ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "DIGEST_TO"], {
        TWILIO_FROM: "your Twilio number, or whatsapp:+…",
        DIGEST_TO: "your phone number, +33…",
      }),
      howToSet: "fly secrets set TWILIO_ACCOUNT_SID=AC… TWILIO_AUTH_TOKEN=… TWILIO_FROM=+1… DIGEST_TO=+33…",
    },
    {
      key: "scheduler",
      name: "Scheduler",
      state: facts.schedulerEnabled ? "on" : "off",
      status: facts.schedulerEnabled ? (customSchedule ? "On (your schedule)" : "On (default schedule)") : "Off",
      what: "Starts a refresh on Mondays and Thursdays at 07:00 and sends the digest every day at 08:00 (UTC unless TZ_SCHEDULE says otherwise), inside this process.",
      whenMissing:
        "Nothing runs by itself: use Refresh now, or call /api/cron/refresh and /api/cron/digest from an outside scheduler with CRON_SECRET.",
      variables: variables(given, ["SCHEDULER_ENABLED", "TZ_SCHEDULE", "REFRESH_CRON", "DIGEST_CRON"], {
        SCHEDULER_ENABLED: "default on",
        TZ_SCHEDULE: "default UTC",
        REFRESH_CRON: "default 0 7 * * 1,4",
        DIGEST_CRON: "default 0 8 * * *",
      }),
      howToSet:
        'In fly.toml under [env]: TZ_SCHEDULE = "Europe/Paris", REFRESH_CRON = "0 7 * * 1,4" (SCHEDULER_ENABLED = "false" turns it off).',
    },
    {
      key: "secrets",
      name: "Secrets",
      ...secrets,
      what: "ADMIN_PASSCODE is what you sign in with; SESSION_SECRET signs the sign-in cookie; CRON_SECRET lets an outside scheduler call the cron routes.",
      whenMissing:
        "Without ADMIN_PASSCODE one was generated at first start and printed once (only its hash is kept); without SESSION_SECRET a random key is kept in the database; without CRON_SECRET the cron routes refuse every call (the built-in scheduler still runs).",
      variables: variables(given, ["ADMIN_PASSCODE", "SESSION_SECRET", "CRON_SECRET"], {
        ADMIN_PASSCODE: "at least 12 characters",
        SESSION_SECRET: "at least 32 characters",
      }),
      howToSet: "fly secrets set ADMIN_PASSCODE=… SESSION_SECRET=$(openssl rand -base64 48) CRON_SECRET=$(openssl rand -hex 32)",
    },
  ];
}
