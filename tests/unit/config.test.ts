import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, reportSettings, reportVariables } from "#app/config.server.ts";

describe("parseConfig", () => {
  it("applies the documented defaults to an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_PATH: "./data/app.db",
      SCHEDULER_ENABLED: true,
      TZ_SCHEDULE: "UTC",
      REFRESH_CRON: "0 7 * * 1,4",
      DIGEST_CRON: "0 8 * * *",
      RESCORE_CRON: "0 6 * * *",
      RUN_BUDGET_SECONDS: 50,
      EVIDENCE_HALF_LIFE_DAYS: 14,
      FOLLOW_UP_AFTER_DAYS: 7,
    });
  });

  it("reads discovery's feeds as a list, the documented four by default, and its weekly credits", () => {
    expect(parseConfig({}).DEAL_FEEDS).toHaveLength(4);
    expect(parseConfig({}).DISCOVERY_CREDIT_BUDGET).toBe(30);
    // A list left at its default is reported as not set, like every other default.
    expect(reportVariables(parseConfig({})).DEAL_FEEDS).toBe(false);
    expect(reportVariables(parseConfig({ DEAL_FEEDS: "https://a.example.com/feed" })).DEAL_FEEDS).toBe(true);
    expect(parseConfig({ DEAL_FEEDS: " https://a.example.com/feed ,https://b.example.com/atom.xml, " }).DEAL_FEEDS).toEqual([
      "https://a.example.com/feed",
      "https://b.example.com/atom.xml",
    ]);
    // "none" turns the feeds off (a machine without internet, the tests' servers).
    expect(parseConfig({ DEAL_FEEDS: "none" }).DEAL_FEEDS).toEqual([]);
    expect(parseConfig({ DEAL_FEEDS: " NONE " }).DEAL_FEEDS).toEqual([]);
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ GEMINI_API_KEY: "", PORT: " " }).GEMINI_API_KEY).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["TZ_SCHEDULE", "Mars/Olympus"],
    ["REFRESH_CRON", "every monday"],
    ["SCHEDULER_ENABLED", "maybe"],
    ["MEETING_LINK", "javascript:alert(1)"],
    ["SESSION_SECRET", "short"],
    ["FOLLOW_UP_AFTER_DAYS", "0"],
    ["DEAL_FEEDS", "https://ok.example.com/feed, file:///etc/passwd"],
    ["DISCOVERY_CREDIT_BUDGET", "-1"],
  ])("refuses %s=%s with one line naming the variable", (name, value) => {
    let error: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain("\n");
  });

  it("refuses an ADMIN_PASSCODE under 12 characters with one line that says so, and takes 12", () => {
    expect(() => parseConfig({ ADMIN_PASSCODE: "elevenchars" })).toThrow(
      new ConfigError("Invalid environment: ADMIN_PASSCODE must be at least 12 characters."),
    );
    expect(() => parseConfig({ ADMIN_PASSCODE: "  elevenchars  " })).toThrow(/ADMIN_PASSCODE must be at least 12/);
    expect(parseConfig({ ADMIN_PASSCODE: "twelve-chars" }).ADMIN_PASSCODE).toBe("twelve-chars");
  });

  it("refuses a CRON_SECRET under 32 characters with one line that says so, and takes 32", () => {
    expect(() => parseConfig({ CRON_SECRET: "x".repeat(31) })).toThrow(
      new ConfigError("Invalid environment: CRON_SECRET must be at least 32 characters (openssl rand -hex 32)."),
    );
    expect(() => parseConfig({ CRON_SECRET: ` ${"x".repeat(31)} ` })).toThrow(/CRON_SECRET must be at least 32/);
    expect(parseConfig({ CRON_SECRET: "x".repeat(32) }).CRON_SECRET).toBe("x".repeat(32));
  });

  it("never puts a secret's value in its error message", () => {
    expect(() => parseConfig({ SESSION_SECRET: "tiny-secret-value" })).toThrow(/SESSION_SECRET/);
    try {
      parseConfig({ SESSION_SECRET: "tiny-secret-value" });
    } catch (error) {
      expect((error as Error).message).not.toContain("tiny-secret-value");
    }
  });

  it("reports settings as booleans only", () => {
    const report = reportSettings(parseConfig({ GEMINI_API_KEY: "k", CRON_SECRET: "c".repeat(32) }));
    expect(report.GEMINI_API_KEY).toBe(true);
    expect(report.TAVILY_API_KEY).toBe(false);
    for (const value of Object.values(report)) expect(typeof value).toBe("boolean");
  });
});

describe("reportVariables", () => {
  it("says which variables were given a value of their own, never the value", () => {
    const report = reportVariables(parseConfig({ TAVILY_API_KEY: "tvly-secret", REFRESH_CRON: "0 6 * * 1", TZ_SCHEDULE: "UTC" }));
    expect(report.TAVILY_API_KEY).toBe(true);
    expect(report.REFRESH_CRON).toBe(true);
    expect(report.TZ_SCHEDULE).toBe(false); // the default, given explicitly
    expect(report.GEMINI_API_KEY).toBe(false);
    expect(report.DATABASE_PATH).toBe(false);
    for (const value of Object.values(report)) expect(typeof value).toBe("boolean");
  });
});
