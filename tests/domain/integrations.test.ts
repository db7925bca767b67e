import { describe, expect, it } from "vitest";
import { describeIntegrations } from "#app/domain/integrations.ts";

function byKey(given: Record<string, boolean>, schedulerEnabled = true) {
  return Object.fromEntries(describeIntegrations({ given, schedulerEnabled }).map((item) => [item.key, item]));
}

describe("what /settings says about integrations", () => {
  it("covers every integration of docs/product.md#integrations, each with what it does, what happens without it, and how to set it", () => {
    const list = describeIntegrations({ given: {}, schedulerEnabled: true });
    expect(list.map((item) => item.key)).toEqual(["database", "gemini", "fallback", "search", "phone", "scheduler", "secrets"]);
    for (const item of list) {
      expect(item.what.length).toBeGreaterThan(20);
      expect(item.whenMissing.length).toBeGreaterThan(20);
      expect(item.howToSet).toMatch(/fly secrets set|fly\.toml/);
      expect(item.variables.length).toBeGreaterThan(0);
    }
  });

  it("says set, not set, or which variables are missing", () => {
    const all = byKey({ TAVILY_API_KEY: true, TWILIO_ACCOUNT_SID: true, TWILIO_AUTH_TOKEN: true });
    expect(all.search!.status).toBe("Set");
    expect(all.gemini!.status).toBe("Not set");
    expect(all.phone!.state).toBe("partly");
    expect(all.phone!.status).toBe("Partly set: TWILIO_FROM, DIGEST_TO are missing");
    expect(all.phone!.variables.find((variable) => variable.name === "TWILIO_AUTH_TOKEN")).toMatchObject({ given: true, secret: true });
  });

  it("says what happens with no model at all, and when the fallback covers for Gemini", () => {
    expect(byKey({}).fallback!.whenMissing).toMatch(/plain summary.*Default rubric.*unjudged/);
    expect(byKey({ LLM_FALLBACK_BASE_URL: true, LLM_FALLBACK_API_KEY: true, LLM_FALLBACK_MODEL: true }).gemini!.whenMissing).toMatch(
      /fallback model below/,
    );
  });

  it("reports the scheduler on or off, and whether the schedule is the default", () => {
    expect(byKey({}).scheduler!.status).toBe("On (default schedule)");
    expect(byKey({ REFRESH_CRON: true }).scheduler!.status).toBe("On (your schedule)");
    expect(byKey({}, false).scheduler!.status).toBe("Off");
  });
});
