import { z } from "zod";

/**
 * The founder's own words for outreach drafts (docs/product.md#pages "/settings"): name, pitch, meeting link.
 * Saved on /settings (in the database); the FOUNDER_NAME, FOUNDER_PITCH and MEETING_LINK
 * variables are the defaults while nothing is saved. An empty field means "back to the default".
 */
export type FounderSettings = { founderName?: string; pitch?: string; meetingLink?: string };
export type FounderSettingSource = "saved" | "environment" | "none";
export type ResolvedFounderSettings = FounderSettings & {
  sources: Record<keyof FounderSettings, FounderSettingSource>;
};

export const FOUNDER_NAME_MAX = 80;
export const FOUNDER_PITCH_MAX = 400;
export const MEETING_LINK_MAX = 500;

function isHttpLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The /settings form. Conform turns an empty field into undefined: the default applies again. */
export const founderSettingsFormSchema = z.object({
  founder_name: z
    .string()
    .trim()
    .max(FOUNDER_NAME_MAX, `Your name can be at most ${FOUNDER_NAME_MAX} characters: the name you sign emails with.`)
    .optional(),
  founder_pitch: z
    .string()
    .trim()
    .max(FOUNDER_PITCH_MAX, `The pitch can be at most ${FOUNDER_PITCH_MAX} characters, about two or three sentences.`)
    .optional(),
  meeting_link: z
    .string()
    .trim()
    .max(MEETING_LINK_MAX, `Meeting link can be at most ${MEETING_LINK_MAX} characters.`)
    .refine((value) => /^https?:\/\//i.test(value), "Meeting link must start with https:// or http://")
    .refine(
      (value) => !/^https?:\/\//i.test(value) || (!/\s/.test(value) && isHttpLink(value)),
      "Meeting link is not a web address a browser can open: check it for spaces or typos.",
    )
    .optional(),
});
export type FounderSettingsForm = z.infer<typeof founderSettingsFormSchema>;

/** The form's values as settings: undefined = nothing saved, so the default applies. */
export function founderSettingsFromForm(form: FounderSettingsForm): FounderSettings {
  return {
    founderName: form.founder_name || undefined,
    pitch: form.founder_pitch?.replace(/\s+/g, " ") || undefined,
    meetingLink: form.meeting_link || undefined,
  };
}

/** What the drafts use: a saved value wins, else the environment's default, else nothing (placeholders). */
export function resolveFounderSettings(saved: FounderSettings, defaults: FounderSettings): ResolvedFounderSettings {
  const pick = (key: keyof FounderSettings): [string | undefined, FounderSettingSource] => {
    const own = saved[key]?.trim();
    if (own) return [own, "saved"];
    const fallback = defaults[key]?.trim();
    if (fallback) return [fallback, "environment"];
    return [undefined, "none"];
  };
  const [founderName, nameSource] = pick("founderName");
  const [pitch, pitchSource] = pick("pitch");
  const [meetingLink, linkSource] = pick("meetingLink");
  return { founderName, pitch, meetingLink, sources: { founderName: nameSource, pitch: pitchSource, meetingLink: linkSource } };
}
