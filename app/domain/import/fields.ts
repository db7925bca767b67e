import { MONEY_AND_NEXT_STEP_FIELDS, foldWord } from "../vocabulary.ts";
import { isEmptyCell, parseEmail, parseWebsite } from "./cells.ts";
import { parseDate } from "./dates.ts";
import { parseMoneyRange } from "./money.ts";

/**
 * Which field each column of a file holds, guessed from its header (English and the languages of
 * the lists founders bring: Spanish, Portuguese, Japanese), and changeable by the founder.
 */

/** The columns our own export writes and the import reads back by name (docs/api.md). */
export const IMPORT_COLUMNS = [
  "name",
  "firm",
  "kind",
  "website",
  "linkedin_url",
  "email",
  "sectors",
  "stages",
  "geographies",
  "based_in",
  "check_min",
  "check_max",
  "check_currency",
  "relationship_status",
  "last_contact_date",
  "personal_notes",
  // The round (decision 031): user-owned like the status, read from the real lists' columns.
  ...MONEY_AND_NEXT_STEP_FIELDS,
  // Who of the team looks after them (decision 062): a member's name, matched on import (owners.ts).
  "owner",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Every field a column can map to: the stored columns, and the ones kept as lines of the notes. */
export const IMPORT_FIELDS = [...IMPORT_COLUMNS, "check_range", "twitter", "contact", "role", "intro_path"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ColumnTarget = ImportField | "ignore";

export const FIELD_LABELS: Record<ImportField, string> = {
  name: "Name",
  firm: "Firm",
  kind: "Kind",
  website: "Website",
  linkedin_url: "LinkedIn",
  email: "Email",
  sectors: "Sectors",
  stages: "Stages",
  geographies: "Geographies",
  based_in: "Based in (HQ)",
  check_min: "Cheque minimum",
  check_max: "Cheque maximum",
  check_range: "Cheque range",
  check_currency: "Cheque currency",
  relationship_status: "Status",
  last_contact_date: "Last contact",
  personal_notes: "Notes",
  twitter: "Twitter (kept in notes)",
  contact: "Contact person (kept in notes)",
  role: "Role (kept in notes)",
  intro_path: "Intro via (people who can introduce you)",
  amount: "Amount / commitment",
  amount_currency: "Amount currency",
  next_step: "Next step",
  next_step_date: "Next step date",
  meeting_date: "Meeting date",
  pass_reason: "Why they passed",
  pass_note: "Pass note",
  owner: "Owner (a member of your team)",
};

/** Fields whose values from several columns are merged (Countries and Regions are both places; "HQ city" and "HQ country" one place). */
export const LIST_FIELDS: ReadonlySet<ImportField> = new Set(["sectors", "stages", "geographies", "based_in"]);

const SYNONYMS: Record<ImportField, readonly string[]> = {
  name: [
    "name",
    "investor",
    "investors",
    "investor name",
    "investor_name",
    "investors name",
    "full name",
    "contact name",
    "angel name",
    "vc name",
    "fund",
    "fund name",
    "firm name",
    "vc",
    "vc firm",
    "organization",
    "organisation",
    "organization name",
    "company",
    "company name",
    "account name",
    "nombre",
    "inversionista",
    "inversor",
    "inversores",
    "fondo",
    "investidor",
    "investidores",
    "nome",
    "投資家名",
    "投資家",
    "氏名",
    "名前",
    "会社名",
    "vc名",
  ],
  firm: ["firm", "firm_name", "employer", "affiliation", "empresa", "gestora", "所属", "所属会社"],
  contact: ["partner", "contact", "contact person", "point of contact", "poc", "partner name", "担当者", "contacto", "contato"],
  role: ["role", "title", "job title", "position", "cargo", "役職"],
  kind: [
    "kind",
    "type",
    "investor type",
    "investor_type",
    "type of investor",
    "category",
    "tipo",
    "tipo de inversor",
    "法人/個人",
    "法人 個人",
    "種別",
    "タイプ",
    "投資家タイプ",
  ],
  website: [
    "website",
    "web",
    "site",
    "url",
    "homepage",
    "web site",
    "website url",
    "domain",
    "sitio web",
    "página web",
    "ウェブサイト",
    "hp",
    "ホームページ",
  ],
  linkedin_url: [
    "linkedin",
    "linkedin url",
    "linkedin_url",
    "linkedin company page",
    "linkedin company",
    "linkedin_company",
    "linkedin profile",
    "linkedin personal",
    "linkedin_personal",
  ],
  twitter: ["twitter", "x", "twitter url", "twitter handle", "x handle"],
  email: ["email", "e mail", "email address", "mail", "contact email", "correo", "correo electrónico", "メール", "メールアドレス"],
  sectors: [
    "sectors",
    "sector",
    "industry",
    "industries",
    "focus",
    "sector focus",
    "industry focus",
    "focus areas",
    "investment focus",
    "investment focus areas",
    "thesis",
    "investment thesis",
    "verticals",
    "vertical",
    "markets",
    "sectores",
    "setor",
    "setores",
    "industria",
    "関心領域",
    "投資領域",
    "領域",
    "業種",
    "分野",
  ],
  stages: [
    "stages",
    "stage",
    "stage focus",
    "investment stage",
    "investment stages",
    "round",
    "rounds",
    "etapa",
    "etapas",
    "estágio",
    "ステージ",
    "投資ステージ",
  ],
  geographies: [
    "geographies",
    "geography",
    "geo",
    "locations",
    "country",
    "countries",
    "region",
    "regions",
    "market",
    "geographic focus",
    "geo focus",
    "país",
    "pais",
    "países",
    "región",
    "região",
    "länder",
    "地域",
    "国",
  ],
  // Where the fund sits, not where it invests (decision 055): it stands in for that only when the file says nothing else.
  based_in: (
    "based_in|based in|hq|global hq|global_hq|hq location|hq city|headquarters|headquartered|location|office|offices|" +
    "office location|city|town|hometown|ubicación|sede|oficina|ciudad|localização|escritório|cidade|standort|sitz|hauptsitz|büro|stadt|" +
    "kontor|hovedkontor|huvudkontor|sted|lokasjon|plats|ort|stad|sijainti|toimipaikka|kotipaikka|kaupunki|所在地|本社|本社所在地|拠点|都市"
  ).split("|"),
  check_range: [
    "check size",
    "check size range",
    "cheque size",
    "cheque range",
    "cheque_range",
    "check range",
    "ticket",
    "ticket size",
    "investment range",
    "investment size",
    "typical check",
    "typical check size",
    "check",
    "cheque",
    "ticket range",
    "出資可能額",
    "出資額",
    "投資額",
    "チケットサイズ",
    "tamaño de ticket",
    "ticket promedio",
  ],
  check_currency: ["currency", "check currency", "cheque currency", "moneda", "moeda", "通貨"],
  check_min: [
    "check_min",
    "check min",
    "min",
    "min check",
    "minimum check",
    "min ticket",
    "min investment",
    "minimum investment",
    "ticket min",
  ],
  check_max: [
    "check_max",
    "check max",
    "max",
    "max check",
    "maximum check",
    "max ticket",
    "max investment",
    "maximum investment",
    "ticket max",
  ],
  relationship_status: [
    "relationship_status",
    "status",
    "pipeline stage",
    "pipeline status",
    "deal stage",
    "stage in pipeline",
    "estado",
    "ステータス",
    "状況",
  ],
  last_contact_date: [
    "last_contact_date",
    "last contact",
    "last contact date",
    "last contacted",
    "last touch",
    "last interaction",
    "última interacción",
    "最終コンタクト日",
    "最終接触日",
  ],
  personal_notes: ["personal_notes", "notes", "note", "comments", "comment", "remarks", "notas", "observaciones", "メモ", "備考"],
  intro_path: [
    "intro_via",
    "intro via",
    "intro path",
    "intro",
    "introducer",
    "introduced by",
    "referred by",
    "referral",
    "referrer",
    "warm intro",
    "connection",
    "mutual connection",
    "紹介者",
  ],
  next_step: ["next_step", "next step", "next steps", "next action", "próximo paso", "次のアクション"],
  next_step_date: ["next_step_date", "next step date", "next action date", "follow up date", "due date"],
  amount: [
    "amount",
    "commitment",
    "committed",
    "committed amount",
    "committed_amount",
    "commitment amount",
    "invested amount",
    "monto",
    "出資決定額",
  ],
  amount_currency: ["amount_currency", "amount currency", "commitment currency", "committed currency"],
  meeting_date: ["meeting_date", "meeting date", "meeting", "next meeting", "meeting on", "fecha de reunión", "面談日"],
  pass_reason: [
    "pass_reason",
    "pass reason",
    "reason for passing",
    "why passed",
    "why they passed",
    "passed reason",
    "lost reason",
    "decline reason",
  ],
  pass_note: ["pass_note", "pass note", "pass notes"],
  // A CRM's "Owner" (Notion, Airtable, HubSpot), a tracker's "Rep" or "Point person" (decision 062).
  owner: ["owner", "rep", "point person", "responsible", "lead", "deal owner", "deal lead", "owned by", "assigned to", "responsable"],
};

/** A header folded for lookup: units in brackets dropped ("出資可能額（万円）" → "出資可能額"). */
export function foldHeader(header: string): string {
  return foldWord(
    header
      .replace(/^\uFEFF/, "")
      .normalize("NFKC")
      .replace(/\([^)]{0,20}\)|\[[^\]]{0,20}\]/g, ""),
  )
    .replace(/[:*#?]+$/, "")
    .replace(/\s+in\s+\S{1,6}$/, "")
    .trim();
}

const LOOKUP: ReadonlyMap<string, ImportField> = (() => {
  const map = new Map<string, ImportField>();
  for (const field of IMPORT_FIELDS)
    for (const synonym of SYNONYMS[field]) if (!map.has(foldWord(synonym))) map.set(foldWord(synonym), field);
  return map;
})();

/** Words inside a longer header that give its field away ("Investment Stage Focus", "HQ City"). */
const CONTAINS: ReadonlyArray<[RegExp, ImportField]> = [
  [/\blast\s+(contact|touch|interaction|meeting)/, "last_contact_date"],
  [/\bnext\s+step.*\bdate\b/, "next_step_date"],
  [/\bmeeting\b/, "meeting_date"],
  [/\bpass(?:ed|ing)?\b.*\breason|\breason\b.*\bpass|\bwhy\b.*\bpass/, "pass_reason"],
  [/\bnext\s+step/, "next_step"],
  [/\bstatus\b|pipeline/, "relationship_status"],
  [/linkedin/, "linkedin_url"],
  [/twitter/, "twitter"],
  [/e\s?mail/, "email"],
  [/\b(website|homepage|url)\b/, "website"],
  [/\b(check|cheque|ticket)\b|investment\s+(range|size)/, "check_range"],
  [/\bstages?\b/, "stages"],
  [/\b(sectors?|industr|verticals?|thesis|focus)/, "sectors"],
  [/\b(hq|headquarter|based\s+in|office|location\b|city\b|town\b)/, "based_in"],
  [/\b(countr|geograph|locat|region|cities)/, "geographies"],
  [/\b(notes?|comments?)\b/, "personal_notes"],
  [/\b(type|kind)\b/, "kind"],
  [/\bintro|\breferr/, "intro_path"],
  [/\b(investor|fund|firm)\s*name\b/, "name"],
];

/** The field a header names, or undefined. */
export function fieldOfHeader(header: string): ImportField | undefined {
  // No header worth reading is longer; the cap keeps the patterns below linear in practice.
  const folded = foldHeader(header.slice(0, 200));
  if (folded === "") return undefined;
  const exact = LOOKUP.get(folded) ?? LOOKUP.get(folded.replace(/\s+/g, ""));
  if (exact) return exact;
  for (const [pattern, field] of CONTAINS) if (pattern.test(folded)) return field;
  return undefined;
}

export type ColumnMapping = {
  /** One entry per column of the file, in order. */
  columns: Array<{ header: string; target: ColumnTarget; guessed: boolean }>;
  /** Set when no header named the investor and a column was proposed instead. */
  proposedName?: string;
};

const SINGLE_FIELDS_FIRST_WINS = true;

/**
 * Guesses every column's field. Two columns for one single field: the first keeps it and the
 * other is ignored (said in the preview); list fields merge. With no name header, "fund" or
 * "firm" become the name, else the first column of mostly distinct text is proposed.
 */
export function guessMapping(headers: string[], sample: string[][]): ColumnMapping {
  const columns = headers.map((header) => {
    const field = fieldOfHeader(header);
    return { header: header.replace(/^\uFEFF/, "").trim(), target: (field ?? "ignore") as ColumnTarget, guessed: field !== undefined };
  });
  const mapping: ColumnMapping = { columns };
  firmBesideName(columns);
  if (!columns.some((column) => column.target === "name")) {
    const firm = columns.find((column) => column.target === "firm");
    if (firm) firm.target = "name";
  }
  if (!columns.some((column) => column.target === "name")) {
    const index = proposeNameColumn(columns, sample);
    const column = index === undefined ? undefined : columns[index];
    if (column) {
      column.target = "name";
      column.guessed = false;
      mapping.proposedName = column.header || `column ${(index ?? 0) + 1}`;
    }
  }
  return settleMapping(mapping);
}

/** Name headers that name an organisation ("Fund", "Company"): the name alone, the firm beside a person's. */
const FIRM_NAME_HEADERS: ReadonlySet<string> = new Set(
  ["fund", "fund name", "firm name", "vc", "vc firm", "organization", "organisation", "organization name", "company", "company name"]
    .concat(["account name", "fondo", "会社名", "vc名"])
    .map(foldHeader),
);

/**
 * "Investor, Fund": two name columns, one naming the person and one their fund, make the fund the
 * firm (a tracker's usual shape) rather than a second name the preview would drop. Unless a column
 * already names the firm.
 */
function firmBesideName(columns: ColumnMapping["columns"]): void {
  if (columns.some((column) => column.target === "firm")) return;
  const names = columns.filter((column) => column.target === "name");
  const isFirm = (column: (typeof names)[number]) => FIRM_NAME_HEADERS.has(foldHeader(column.header));
  if (!names.some(isFirm) || names.every(isFirm)) return;
  for (const column of names) if (isFirm(column)) column.target = "firm";
}

/** Keeps one column per single field (the first); later ones become ignored. */
export function settleMapping(mapping: ColumnMapping): ColumnMapping {
  if (!SINGLE_FIELDS_FIRST_WINS) return mapping;
  const taken = new Set<ImportField>();
  for (const column of mapping.columns) {
    if (column.target === "ignore" || LIST_FIELDS.has(column.target)) continue;
    if (taken.has(column.target)) {
      column.target = "ignore";
      column.guessed = false;
    } else taken.add(column.target);
  }
  return mapping;
}

function looksLikeValue(cell: string): boolean {
  return (
    parseWebsite(cell) !== undefined ||
    parseEmail(cell) !== undefined ||
    parseDate(cell) !== undefined ||
    parseMoneyRange(cell) !== undefined ||
    /^[\d\s.,%+-]+$/.test(cell)
  );
}

/** The first unmapped column whose cells are mostly distinct words (not numbers, links or dates). */
function proposeNameColumn(columns: ColumnMapping["columns"], sample: string[][]): number | undefined {
  let fallback: number | undefined;
  for (const [index, column] of columns.entries()) {
    if (column.target !== "ignore") continue;
    const cells = sample.map((record) => record[index]?.trim() ?? "").filter((cell) => !isEmptyCell(cell));
    if (cells.length === 0) continue;
    fallback ??= index;
    const text = cells.filter((cell) => !looksLikeValue(cell) && cell.length <= 200);
    const distinct = new Set(text.map((cell) => cell.toLowerCase())).size;
    if (text.length >= cells.length * 0.8 && distinct >= text.length * 0.8) return index;
  }
  return fallback;
}
