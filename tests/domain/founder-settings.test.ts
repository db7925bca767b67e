import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { founderSettingsFormSchema, founderSettingsFromForm, resolveFounderSettings } from "#app/domain/founder-settings.ts";

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: founderSettingsFormSchema });
}

describe("founder settings form", () => {
  it("accepts a name, a pitch and an https link", () => {
    const submission = submit({
      founder_name: " Irène Joliot ",
      founder_pitch: "Isotopes  for\nmedicine",
      meeting_link: "https://cal.example.com/irene",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(founderSettingsFromForm(submission.value)).toEqual({
      founderName: "Irène Joliot",
      pitch: "Isotopes for medicine",
      meetingLink: "https://cal.example.com/irene",
    });
  });

  it("treats empty fields as 'back to the default'", () => {
    const submission = submit({ founder_name: "", founder_pitch: "  ", meeting_link: "" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(founderSettingsFromForm(submission.value)).toEqual({ founderName: undefined, pitch: undefined, meetingLink: undefined });
  });

  it("says what is wrong in a founder's words", () => {
    const bad = submit({ founder_name: "x".repeat(81), founder_pitch: "y".repeat(401), meeting_link: "cal.example.com/irene" });
    expect(bad.status).toBe("error");
    const errors = bad.reply().error ?? {};
    expect(errors.meeting_link).toEqual(["Meeting link must start with https:// or http://"]);
    expect(errors.founder_name?.[0]).toMatch(/at most 80 characters/);
    expect(errors.founder_pitch?.[0]).toMatch(/at most 400 characters, about two or three sentences/);
    expect(submit({ meeting_link: "javascript:alert(1)" }).reply().error?.meeting_link).toEqual([
      "Meeting link must start with https:// or http://",
    ]);
    expect(submit({ meeting_link: "https://cal example.com" }).reply().error?.meeting_link?.[0]).toMatch(/spaces or typos/);
  });
});

describe("which value a draft uses", () => {
  it("a saved value wins, else the environment's default, else nothing", () => {
    const resolved = resolveFounderSettings(
      { founderName: "Irène Joliot", pitch: undefined, meetingLink: undefined },
      { founderName: "Marie Curie", pitch: "From the environment", meetingLink: undefined },
    );
    expect(resolved).toEqual({
      founderName: "Irène Joliot",
      pitch: "From the environment",
      meetingLink: undefined,
      sources: { founderName: "saved", pitch: "environment", meetingLink: "none" },
    });
  });
});
