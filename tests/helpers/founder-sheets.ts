import { readFileSync } from "node:fs";
import type { RelationshipStatus } from "#app/domain/vocabulary.ts";

/**
 * Three founders' own trackers in three conventions (tests/fixtures/founder-sheets): a Notion
 * export (UTF-8 with BOM, emoji statuses, "November 20, 2026"), an Airtable grid (numbered
 * pipeline stages, many currencies) and an Excel tracker saved in Spain (semicolons,
 * Windows-1252, CRLF, Spanish words, "500.000 €"). What each status word means to its founder,
 * and what she answers where the app asks, beside them.
 */

export type FounderSheet = {
  file: string;
  bytes: Uint8Array;
  /** The sheet's status words → what the founder means; "ask": the app should ask (silence). */
  statuses: Record<string, RelationshipStatus | "ask">;
  /** Her answers to what the app asks, as the preview's form posts them. */
  answers: Record<string, string>;
  /** Each town of her based-in column → the country it is in (ISO 3166-1 alpha-2). */
  towns: Record<string, string>;
};

const read = (file: string) => new Uint8Array(readFileSync(new URL(`../fixtures/founder-sheets/${file}`, import.meta.url)));

export const FOUNDER_SHEETS: FounderSheet[] = [
  {
    file: "notion-export.csv",
    bytes: read("notion-export.csv"),
    towns: {
      Trondheim: "NO",
      Copenhagen: "DK",
      Bergen: "NO",
      Stavanger: "NO",
      Tromsø: "NO",
      Stockholm: "SE",
      London: "GB",
      Paris: "FR",
      Milan: "IT",
      Zurich: "CH",
      Vienna: "AT",
      Amsterdam: "NL",
      Helsinki: "FI",
      Gothenburg: "SE",
      Malmö: "SE",
      Aarhus: "DK",
      Warsaw: "PL",
      Prague: "CZ",
      Berlin: "DE",
      Munich: "DE",
      Dublin: "IE",
      Oslo: "NO",
      "New York": "US",
      Lyon: "FR",
    },
    statuses: {
      "📞 Call booked": "meeting_scheduled",
      "✅ Soft yes": "soft_committed",
      "🔍 In DD": "due_diligence",
      "❌ Passed - too early": "passed",
      "👻 Ghosted": "ask",
      "📧 Emailed": "contacted",
      "🤝 Intro requested": "intro_requested",
      "💬 In talks": "in_conversation",
      "🆕 Not contacted": "not_contacted",
      "📅 Meeting booked": "meeting_scheduled",
      "Term sheet": "soft_committed",
      Declined: "passed",
      Wired: "committed",
      "No reply": "ask",
      "❌ Passed - not our sector": "passed",
    },
    answers: { "value.relationship_status.ghosted": "passed:no_reason_given", "value.relationship_status.no reply": "contacted" },
  },
  {
    file: "airtable-grid.csv",
    bytes: read("airtable-grid.csv"),
    towns: {
      Bangalore: "IN",
      Mumbai: "IN",
      Tokyo: "JP",
      Osaka: "JP",
      Singapore: "SG",
      Sydney: "AU",
      Melbourne: "AU",
      Toronto: "CA",
      Montreal: "CA",
      "San Francisco": "US",
      Austin: "US",
      "São Paulo": "BR",
      "Mexico City": "MX",
      Bogotá: "CO",
      Boston: "US",
      Seoul: "KR",
      Dubai: "AE",
      "Tel Aviv": "IL",
      "Cape Town": "ZA",
      Nairobi: "KE",
      "Hong Kong": "HK",
      Auckland: "NZ",
      Warsaw: "PL",
    },
    statuses: {
      "1 - Researching": "researching",
      "2 - Reached out": "contacted",
      "3 - First call": "meeting_scheduled",
      "4 - Partner meeting": "due_diligence",
      "5 - Term sheet": "soft_committed",
      "6 - Closed won": "committed",
      "X - Closed lost": "passed",
      Verbal: "soft_committed",
      Ghosted: "ask",
      "No reply": "ask",
      "Follow up": "contacted",
    },
    answers: { "value.relationship_status.ghosted": "passed:no_reason_given", "value.relationship_status.no reply": "contacted" },
  },
  {
    file: "excel-tracker-es.csv",
    bytes: read("excel-tracker-es.csv"),
    towns: {
      Madrid: "ES",
      Barcelona: "ES",
      Valencia: "ES",
      Sevilla: "ES",
      Bilbao: "ES",
      Granada: "ES",
      Zaragoza: "ES",
      "Ciudad de México": "MX",
      Bogotá: "CO",
      Santiago: "CL",
      "Buenos Aires": "AR",
      "São Paulo": "BR",
      Lima: "PE",
      Montevideo: "UY",
      Lisboa: "PT",
      Oporto: "PT",
      Málaga: "ES",
      Santander: "ES",
      Londres: "GB",
      "A Coruña": "ES",
      Zúrich: "CH",
      Miami: "US",
    },
    statuses: {
      Contactado: "contacted",
      "Reunión agendada": "meeting_scheduled",
      "En conversaciones": "in_conversation",
      "Due diligence": "due_diligence",
      "Compromiso verbal": "soft_committed",
      Comprometido: "committed",
      "Rechazado - muy temprano": "passed",
      "Sin respuesta": "ask",
      "Sin contactar": "not_contacted",
      "Intro solicitada": "intro_requested",
      Descartado: "passed",
      "Rechazado - no es nuestro sector": "passed",
    },
    answers: { "value.relationship_status.sin respuesta": "contacted" },
  },
];

/** Seven rows of a co-founder's tracker in her own words: three ask (Ghosted twice, Parked), the rest are guessed. */
export const SMALL_SHEET = [
  "Investor,Fund,Status,Stage focus",
  "Sara Lindqvist,Nordic Seed,Call booked,Seed+",
  "Mikkel Dahl,Fjord Climate,Soft yes,Seed",
  "Ana Ruiz,Iberia VC,Passed - too early,Seed",
  "Jonas Berg,Berg Capital,Ghosted,Pre-seed",
  "Kari Nilsen,Arctic Angels,Ghosted,Pre-seed",
  "Lena Ek,Ek Partners,In DD,Series A +3",
  "Tom Holm,Holm Invest,Parked,Seed",
].join("\n");

/**
 * Two co-founders' shared tracker (decision 062), a Notion export like the first above (UTF-8 with
 * a BOM, "November 20, 2026"): 60 investors, an Owner column naming Maren on 38 rows (as "Maren",
 * "Maren O.", "maren olsen", "MAREN") and Jonas on 22 ("Jonas", "jonas").
 */
export const TEAM_SHEET = {
  file: "team-owners.csv",
  bytes: read("team-owners.csv"),
  team: { maren: "Maren Olsen", jonas: "Jonas Berg" },
  rows: { maren: 38, jonas: 22 },
} as const;
