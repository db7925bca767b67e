import { describe, expect, it } from "vitest";
import { loadFounderSettings, readSavedFounderSettings, saveFounderSettings } from "#db/queries/founder-settings.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-11-23T12:00:00Z");
const env = { FOUNDER_NAME: "Marie Curie", FOUNDER_PITCH: undefined, MEETING_LINK: "https://cal.example.com/marie" };

describe("founder settings in SQLite", () => {
  it("uses the environment until something is saved, then the saved values", () => {
    const { db } = createTestDatabase();
    expect(loadFounderSettings(db, env)).toMatchObject({
      founderName: "Marie Curie",
      pitch: undefined,
      meetingLink: "https://cal.example.com/marie",
    });
    saveFounderSettings(db, { founderName: "Irène Joliot", pitch: "Isotopes for medicine.", meetingLink: undefined }, now);
    expect(readSavedFounderSettings(db)).toEqual({ founderName: "Irène Joliot", pitch: "Isotopes for medicine.", meetingLink: undefined });
    expect(loadFounderSettings(db, env)).toEqual({
      founderName: "Irène Joliot",
      pitch: "Isotopes for medicine.",
      meetingLink: "https://cal.example.com/marie",
      sources: { founderName: "saved", pitch: "saved", meetingLink: "environment" },
    });
  });

  it("an empty value removes the saved one: back to the default", () => {
    const { db } = createTestDatabase();
    saveFounderSettings(db, { founderName: "Irène Joliot", pitch: "Isotopes.", meetingLink: "https://cal.example.com/irene" }, now);
    saveFounderSettings(db, { founderName: "  ", pitch: undefined, meetingLink: "https://cal.example.com/irene-2" }, now);
    const rows = db.$client
      .prepare("select key, value from app_state where key in ('founder_name', 'founder_pitch', 'meeting_link') order by key")
      .all();
    expect(rows).toEqual([{ key: "meeting_link", value: "https://cal.example.com/irene-2" }]);
    expect(loadFounderSettings(db, env).founderName).toBe("Marie Curie");
  });
});
