import { z } from "zod";
import { chequeText } from "./cheque-text.ts";
import { splitList, parseEmail, parseLinkedin, parseWebsite } from "./import/cells.ts";
import { CURRENCIES, type Currency, moneyProblem, parseMoneyRange } from "./import/money.ts";
import { isCurrency } from "./currency.ts";
import {
  INVESTOR_KINDS,
  type InvestorKind,
  type RelationshipStatus,
  STAGES,
  STAGE_LABELS,
  type Stage,
  stagesOfWords,
} from "./vocabulary.ts";
import { httpUrl, investorEditSchema } from "./investor.ts";
import { laterDate } from "./investor-edit.ts";
import { resolvePlace } from "./places.ts";

/**
 * Correcting an investor's profile in the app (decision 026): route #9's body with the profile
 * fields, the investor page's "Profile" form read with the import's value parsers, and what a
 * merge keeps. Pure.
 */

const MAX_AMOUNT = 10_000_000_000;
const list = z.array(z.string().trim().min(1).max(80)).max(50);

/** The profile fields route #9 takes; each optional, and a nullable one cleared with null. */
export const profileEditShape = {
  name: z.string().trim().min(1, "must not be empty").max(200),
  firm: z.string().trim().max(200).nullable().optional(),
  kind: z.enum(INVESTOR_KINDS).optional(),
  email: z.email("must be an email address").max(320).nullable().optional(),
  website: httpUrl.nullable().optional(),
  linkedin_url: httpUrl.nullable().optional(),
  sectors: list.optional(),
  stages: z.array(z.enum(STAGES)).max(4).optional(),
  geographies: list.optional(),
  based_in: z.string().trim().max(120).nullable().optional(),
  check_min: z.number().int().min(0).max(MAX_AMOUNT).nullable().optional(),
  check_max: z.number().int().min(0).max(MAX_AMOUNT).nullable().optional(),
  check_currency: z.enum(CURRENCIES).nullable().optional(),
};

export type ProfileEdit = {
  name?: string;
  firm?: string | null;
  kind?: InvestorKind;
  email?: string | null;
  website?: string | null;
  linkedin_url?: string | null;
  sectors?: string[];
  stages?: Stage[];
  geographies?: string[];
  based_in?: string | null;
  check_min?: number | null;
  check_max?: number | null;
  check_currency?: Currency | null;
};

export const PROFILE_KEYS = Object.keys(profileEditShape) as Array<keyof ProfileEdit>;

/** Route #9's strict body: the user-owned fields and the profile; any other key is named. */
export const investorPatchSchema = z
  .strictObject({ ...investorEditSchema.shape, ...profileEditShape, name: profileEditShape.name.optional() })
  .refine((body) => body.check_min == null || body.check_max == null || body.check_min <= body.check_max, {
    message: "must not be above check_max",
    path: ["check_min"],
  });
export type InvestorPatch = z.infer<typeof investorPatchSchema>;

/** The columns a profile edit writes (drizzle's names): blanks as null, places by the name the countries data gives them. */
export function profileColumnsPatch(edit: ProfileEdit) {
  const blank = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
  const patch: Record<string, unknown> = {
    name: edit.name?.trim(),
    firm: blank(edit.firm),
    kind: edit.kind,
    email: blank(edit.email),
    website: blank(edit.website),
    linkedinUrl: blank(edit.linkedin_url),
    sectors: edit.sectors,
    stages: edit.stages,
    geographies: edit.geographies && canonicalPlaces(edit.geographies),
    basedIn: edit.based_in === undefined ? undefined : basedInPlace(edit.based_in),
    checkMin: edit.check_min,
    checkMax: edit.check_max,
    checkCurrency: edit.check_currency,
  };
  for (const key of Object.keys(patch)) if (patch[key] === undefined) delete patch[key];
  return patch as Partial<{
    name: string;
    firm: string | null;
    kind: InvestorKind;
    email: string | null;
    website: string | null;
    linkedinUrl: string | null;
    sectors: string[];
    stages: Stage[];
    geographies: string[];
    basedIn: string | null;
    checkMin: number | null;
    checkMax: number | null;
    checkCurrency: Currency | null;
  }>;
}

/** "UK" → "United Kingdom", repeats dropped, unknown places kept as written. */
/** Where an investor is based, as places.ts names it ("Trondheim" → "Trondheim, Norway"); blank → null. */
export function basedInPlace(text: string | null): string | null {
  const written = text?.replace(/\s+/g, " ").trim() ?? "";
  if (written === "") return null;
  return (resolvePlace(written)?.name ?? written).slice(0, 120);
}

function canonicalPlaces(items: string[]): string[] {
  const seen = new Set<string>();
  const places: string[] = [];
  for (const item of items) {
    const name = resolvePlace(item)?.name ?? item.trim();
    if (name === "" || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    places.push(name);
  }
  return places;
}

// ---------------------------------------------------------------------------------------------
// The page's "Profile" form: every field a text box, read as the import reads a cell.

export const PROFILE_FORM_FIELDS = [
  "name",
  "firm",
  "kind",
  "email",
  "website",
  "linkedin_url",
  "sectors",
  "stages",
  "geographies",
  "based_in",
  "cheque",
  "check_currency",
] as const;
export type ProfileFormField = (typeof PROFILE_FORM_FIELDS)[number];
export type ProfileText = Partial<Record<ProfileFormField, string>>;

/** Sectors split on commas, semicolons and new lines only: "AI/ML" is one sector. */
const SECTOR_SEPARATORS = /[,;\n\r]+/;
const MAX_ITEMS = 50;
const MAX_ITEM_CHARS = 80;

function short(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

function listError(items: string[], label: string): string | undefined {
  if (items.length > MAX_ITEMS) return `${label} can have at most ${MAX_ITEMS} entries; this has ${items.length}`;
  const long = items.find((item) => item.length > MAX_ITEM_CHARS);
  return long ? `'${short(long)}' is longer than ${MAX_ITEM_CHARS} characters` : undefined;
}

/**
 * The form's text → the profile it means, and a message per field the founder must fix. An
 * emptied field clears it (the name excepted: the schema asks for it).
 */
export function readProfileText(text: ProfileText): { edit: ProfileEdit; errors: Partial<Record<ProfileFormField, string>> } {
  const errors: Partial<Record<ProfileFormField, string>> = {};
  const value = (field: ProfileFormField) => text[field]?.trim() ?? "";
  const edit: ProfileEdit = { name: value("name") };
  edit.firm = value("firm") || null;
  const kind = value("kind");
  if ((INVESTOR_KINDS as readonly string[]).includes(kind)) edit.kind = kind as InvestorKind;
  else errors.kind = "Choose a kind from the list";

  const email = value("email");
  edit.email = email ? (parseEmail(email) ?? null) : null;
  if (email && (edit.email === null || edit.email !== email.replace(/^mailto:/i, "")))
    errors.email = "Enter an email address like name@fund.com";
  const website = value("website");
  edit.website = website ? (parseWebsite(website) ?? null) : null;
  if (website && !edit.website) errors.website = "Enter a website like fund.com";
  const linkedin = value("linkedin_url");
  edit.linkedin_url = linkedin ? (parseLinkedin(linkedin) ?? null) : null;
  if (linkedin && !edit.linkedin_url) errors.linkedin_url = "Enter a LinkedIn page like linkedin.com/in/name";

  edit.sectors = splitList(value("sectors"), SECTOR_SEPARATORS);
  const sectorError = listError(edit.sectors, "Sectors");
  if (sectorError) errors.sectors = sectorError;

  const stages = new Set<Stage>();
  for (const item of splitList(value("stages"))) {
    const found = stagesOfWords(item);
    if (found.length === 0) {
      errors.stages ??= `'${short(item)}' is not a stage: write ${STAGES.map((stage) => STAGE_LABELS[stage])
        .join(", ")
        .replace(/, ([^,]+)$/, " or $1")}`;
    }
    for (const stage of found) stages.add(stage);
  }
  edit.stages = STAGES.filter((stage) => stages.has(stage));

  edit.geographies = canonicalPlaces(splitList(value("geographies")));
  const placeError = listError(edit.geographies, "Geographies");
  if (placeError) errors.geographies = placeError;
  edit.based_in = basedInPlace(value("based_in"));
  if (value("based_in").length > 120) errors.based_in = "Write one place of at most 120 characters, like Trondheim or Austin, TX";

  const cheque = value("cheque");
  const chosen = value("check_currency");
  if (chosen && !(CURRENCIES as readonly string[]).includes(chosen)) errors.check_currency = "Choose a currency from the list";
  if (cheque === "") {
    edit.check_min = null;
    edit.check_max = null;
    edit.check_currency = null;
  } else {
    // The currency chosen beside the range says which "kr" or "$" it is (decision 054).
    const unit = chosen && isCurrency(chosen) ? { scale: 1, currency: chosen } : { scale: 1 };
    const range = parseMoneyRange(cheque, unit);
    if (!range || (range.min === undefined && range.max === undefined)) {
      const problem = moneyProblem(cheque, unit);
      errors.cheque = `Write the cheque range like $250k-$1M or €500k; '${short(cheque)}' is not an amount${problem ? ` (the sign ${problem})` : ""}`;
    } else {
      edit.check_min = range.min ?? null;
      edit.check_max = range.max ?? null;
      edit.check_currency = range.currency ?? ((chosen || "USD") as Currency);
    }
  }
  return { edit, errors };
}

/** The profile of a saved row, as the form and a merge read it. */
type ProfileRow = {
  firm: string | null;
  email: string | null;
  website: string | null;
  linkedinUrl: string | null;
  sectors: string[];
  stages: string[];
  geographies: string[];
  basedIn?: string | null;
  checkMin: number | null;
  checkMax: number | null;
  checkCurrency: string | null;
};

/** What the form shows for a saved investor: text that `readProfileText` reads back to the same profile. */
export function profileFormDefaults(row: ProfileRow & { name: string; kind: string }): Record<ProfileFormField, string> {
  return {
    name: row.name,
    firm: row.firm ?? "",
    kind: row.kind,
    email: row.email ?? "",
    website: row.website ?? "",
    linkedin_url: row.linkedinUrl ?? "",
    // Semicolons when a sector holds a comma, so it stays one sector.
    sectors: row.sectors.join(row.sectors.some((sector) => sector.includes(",")) ? "; " : ", "),
    stages: row.stages.map((stage) => STAGE_LABELS[stage as Stage] ?? stage).join(", "),
    geographies: row.geographies.join(row.geographies.some((place) => /[,/|]/.test(place)) ? "; " : ", "),
    based_in: row.basedIn ?? "",
    cheque: chequeText(row.checkMin, row.checkMax, row.checkCurrency),
    check_currency: row.checkCurrency ?? "USD",
  };
}

/**
 * The fields whose text changed since the form was loaded: a stale tab cannot undo another edit.
 * Without its `original.*`, a field is written when it was sent with a value.
 */
export function changedProfile(edit: ProfileEdit, text: ProfileText, original: ProfileText): ProfileEdit {
  const changed = (field: ProfileFormField) => {
    const before = original[field];
    return before === undefined ? text[field] !== undefined : before.trim() !== (text[field] ?? "").trim();
  };
  const result: ProfileEdit = {};
  const copy = <K extends keyof ProfileEdit>(key: K) => {
    if (edit[key] !== undefined) result[key] = edit[key];
  };
  for (const field of [
    "name",
    "firm",
    "kind",
    "email",
    "website",
    "linkedin_url",
    "sectors",
    "stages",
    "geographies",
    "based_in",
  ] as const) {
    if (changed(field)) copy(field);
  }
  if (changed("cheque") || (text.cheque?.trim() && changed("check_currency"))) {
    copy("check_min");
    copy("check_max");
    copy("check_currency");
  }
  return result;
}

/** The page form's schema: strings in, a ProfileEdit out; the parsers' messages are the founder's. */
export const profileFormSchema = z
  .strictObject({
    intent: z.literal("profile"),
    ...Object.fromEntries(PROFILE_FORM_FIELDS.map((field) => [field, z.string().max(2_000).optional()])),
    name: z.string().trim().min(1).max(200),
    original: z.object(Object.fromEntries(PROFILE_FORM_FIELDS.map((field) => [field, z.string().optional()]))).optional(),
    // The investor's version the page was loaded with (decision 063): read by the action, not an edit.
    version: z.string().optional(),
  })
  .superRefine((form, context) => {
    const { errors } = readProfileText(form as ProfileText);
    for (const [field, message] of Object.entries(errors)) context.addIssue({ code: "custom", message, path: [field] });
  })
  .transform((form) => {
    const text = form as ProfileText & { original?: ProfileText };
    return changedProfile(readProfileText(text).edit, text, text.original ?? {});
  });

export const PROFILE_FORM_WORDS = {
  name: { label: "Name" },
  firm: { label: "Firm" },
  kind: { label: "Kind" },
  email: { label: "Email" },
  website: { label: "Website" },
  linkedin_url: { label: "LinkedIn" },
  sectors: { label: "Sectors" },
  stages: { label: "Stages" },
  geographies: { label: "Geographies" },
  based_in: { label: "Based in" },
  cheque: { label: "Cheque range" },
  check_currency: { label: "Currency" },
};

// ---------------------------------------------------------------------------------------------
// Merge

/** Route #17's body: the investor folded into the one in the path. */
export const mergeRequestSchema = z.strictObject({ other_id: z.number().int().positive() });

export type MergeSide = ProfileRow & {
  relationshipStatus: RelationshipStatus;
  lastContactDate: string | null;
  personalNotes: string | null;
};

/**
 * What the survivor of a merge changes to: its empty profile fields filled from the other's
 * (a cheque range as a whole, with its currency), the later last contact, the other's status
 * when the survivor was never contacted, and both notes, the survivor's first.
 */
export function mergedColumns(survivor: MergeSide, other: MergeSide): Partial<MergeSide> {
  const patch: Partial<MergeSide> = {};
  for (const key of ["firm", "email", "website", "linkedinUrl", "basedIn"] as const) {
    if (!survivor[key] && other[key]) patch[key] = other[key];
  }
  for (const key of ["sectors", "stages", "geographies"] as const) {
    if (survivor[key].length === 0 && other[key].length > 0) patch[key] = other[key];
  }
  if (survivor.checkMin === null && survivor.checkMax === null && (other.checkMin !== null || other.checkMax !== null)) {
    patch.checkMin = other.checkMin;
    patch.checkMax = other.checkMax;
    patch.checkCurrency = other.checkCurrency;
  }
  if (survivor.relationshipStatus === "not_contacted" && other.relationshipStatus !== "not_contacted") {
    patch.relationshipStatus = other.relationshipStatus;
  }
  const last = laterDate(survivor.lastContactDate, other.lastContactDate);
  if (last !== survivor.lastContactDate) patch.lastContactDate = last;
  const mine = survivor.personalNotes?.trim() ?? "";
  const theirs = other.personalNotes?.trim() ?? "";
  if (theirs && theirs !== mine) patch.personalNotes = mine ? `${mine}\n\n${theirs}` : theirs;
  return patch;
}

/** The profile part of route #9's body (the keys it has). */
export function profileOf(patch: ProfileEdit & Record<string, unknown>): ProfileEdit {
  const profile: Record<string, unknown> = {};
  for (const key of PROFILE_KEYS) if (patch[key] !== undefined) profile[key] = patch[key];
  return profile as ProfileEdit;
}

/** A patch that names one end of the cheque range may put it past the saved other end: said, not saved. */
export function chequeConflict(patch: ProfileEdit, saved: { checkMin: number | null; checkMax: number | null }): string | undefined {
  const min = patch.check_min !== undefined ? patch.check_min : saved.checkMin;
  const max = patch.check_max !== undefined ? patch.check_max : saved.checkMax;
  return min !== null && max !== null && min > max ? `check_min (${min}) must not be above check_max (${max})` : undefined;
}
