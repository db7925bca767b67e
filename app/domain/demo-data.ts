import { createHash } from "node:crypto";
import { INVESTOR_KINDS, STAGES, isClosedStatus } from "./investor.ts";
import type { EvidenceCategory, InvestorKind, RelationshipStatus, Stage } from "./investor.ts";
import { mulberry32 } from "./random.ts";

/**
 * The synthetic pipeline behind `/demo` (docs/api.md routes #14 and #15). Everything here is pure:
 * the caller passes `now` and a seed, so the same inputs always give the same rows. People and
 * firms are fictional and every address uses the reserved example.com/.org/.net domains, so
 * nothing generated here can ever reach a real person or company.
 */

export type DemoEvidence = {
  url: string;
  title: string;
  excerpt: string;
  source: "news" | "linkedin" | "web";
  /** ISO-8601 UTC, or null when the page carries no date (age then counts from found_at). */
  published_at: string | null;
  /** ISO-8601 UTC. */
  found_at: string;
  /** sha256 hex of url + title. */
  content_hash: string;
  category: EvidenceCategory;
  /** 0..1, two decimals. */
  relevance: number;
  summary: string;
};

export type DemoContact = {
  /** YYYY-MM-DD */
  date: string;
  channel: string;
  note: string;
};

export type DemoInvestor = {
  name: string;
  firm: string | null;
  kind: InvestorKind;
  website: string | null;
  linkedin_url: string | null;
  email: string | null;
  sectors: string[];
  stages: Stage[];
  geographies: string[];
  check_min: number | null;
  check_max: number | null;
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  personal_notes: string | null;
  signal_activity: number | null;
  signal_fit: number | null;
  signal_hook: string | null;
  signal_red_flag: string | null;
  signals_checked_at: string | null;
  evidence: DemoEvidence[];
  /** Oldest first, the last one dated last_contact_date. */
  contacts: DemoContact[];
};

export type DemoRefreshUpdate = {
  /** Position in the `investors` array given to simulateDemoRefresh (the demo set ordered by name). */
  index: number;
  signal_activity: number;
  signal_fit: number | null;
  signal_hook: string | null;
  signal_red_flag: string | null;
  new_evidence: DemoEvidence[];
};

/** What a demo refresh reads about one investor. The optional fields only improve the wording. */
export type DemoRefreshInput = {
  name: string;
  firm?: string | null;
  kind?: string;
  sectors?: readonly string[];
  stages?: readonly string[];
  signal_activity: number | null;
  signal_fit: number | null;
  signal_hook?: string | null;
  signal_red_flag: string | null;
  relationship_status: string;
};

export const DEFAULT_DEMO_SEED = 20261122;

const DAY_MS = 86_400_000;
/** docs/product.md#resources defaults: the demo signals are computed with the same decay the scoring uses. */
const HALF_LIFE_DAYS = 14;
const MAX_EVIDENCE_AGE_DAYS = 90;
const ACTIVE_STATUSES: ReadonlySet<string> = new Set(["contacted", "in_conversation", "meeting_scheduled", "due_diligence"]);

// ---------------------------------------------------------------------------------------------
// Seeded randomness: mulberry32, seeded from a sha256 of the parts, so each investor draws from
// its own stream and adding a person never reshuffles everybody else's numbers.

type Rng = () => number;

function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function rngFor(...parts: Array<string | number>): Rng {
  return mulberry32(Number.parseInt(sha256Hex(parts.join("\u0000")).slice(0, 8), 16));
}

function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

/** Inclusive of both ends. */
function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy;
}

function clampScore(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

function twoDecimals(value: number): number {
  return Math.round(value * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Text helpers.

const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_LONG = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Letters NFD does not split into base + accent. */
const FOLDS: Record<string, string> = { ł: "l", Ł: "L", ø: "o", Ø: "O", æ: "ae", Æ: "AE", ß: "ss", đ: "d", Đ: "D", ı: "i" };

function slugify(text: string, maxLength = 80): string {
  const folded = [...text.normalize("NFD").replace(/\p{M}/gu, "")].map((c) => FOLDS[c] ?? c).join("");
  return folded
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) || word === "AI" ? "an" : "a";
}

function dayMonth(at: Date): string {
  return `${at.getUTCDate()} ${MONTHS_SHORT[at.getUTCMonth()]}`;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function money(dollars: number): string {
  if (dollars >= 1_000_000) {
    const millions = dollars / 1_000_000;
    return `$${millions >= 10 ? Math.round(millions) : Math.round(millions * 10) / 10}M`;
  }
  return `$${Math.round(dollars / 1_000)}K`;
}

const STAGE_WORDS: Record<Stage, string> = {
  pre_seed: "pre-seed",
  seed: "seed",
  series_a: "Series A",
  series_b_plus: "Series B",
};

// ---------------------------------------------------------------------------------------------
// The cast: fictional people at fictional firms. Angels have no firm.

type Person = {
  name: string;
  firm: string | null;
  kind: InvestorKind;
  geographies: string[];
  sectors: string[];
  stages: Stage[];
};

function stagesOf(list: string): Stage[] {
  return list.split("|").map((part) => {
    const stage = STAGES.find((s) => s === part);
    if (!stage) throw new Error(`unknown stage ${part}`);
    return stage;
  });
}

function person(name: string, firm: string | null, kind: InvestorKind, geographies: string, sectors: string, stages: string): Person {
  return {
    name,
    firm,
    kind,
    geographies: geographies.split("|"),
    sectors: sectors.split("|"),
    stages: stagesOf(stages),
  };
}

const PEOPLE: readonly Person[] = [
  person("Zoë Ångström", "Northwind Ventures", "fund", "Nordics|Europe", "climate|deeptech", "seed|series_a"),
  person("Łukasz Żółć", "Vistula Bridge Capital", "fund", "Poland|Europe", "devtools|B2B SaaS", "pre_seed|seed"),
  person("José Núñez", "Alder Capital", "fund", "Spain|Europe", "marketplaces|consumer", "seed|series_a"),
  person("Amara Okafor", "Kestrel Peak Partners", "fund", "UK|Europe", "fintech|B2B SaaS", "seed|series_a"),
  person("Hiroshi Tanabe", "Meridian Loop Ventures", "fund", "Global|US", "AI|deeptech", "series_a|series_b_plus"),
  person("Chloé Lefèvre", "Canopée Capital", "fund", "France|Europe", "climate|consumer", "pre_seed|seed"),
  person("Matthias Brückner", "Isar Forge Ventures", "fund", "Germany|Europe", "deeptech|AI", "seed|series_a"),
  person("Priya Raghunathan", "Saltmarsh Partners", "fund", "UK|US", "health|AI", "series_a|series_b_plus"),
  person("Noa Ben-David", "Cedar Arc Ventures", "fund", "Israel|US", "devtools|AI", "pre_seed|seed"),
  person("Sigrid Haugen", "Fjordlight Capital", "fund", "Nordics", "fintech|climate", "seed"),
  person("Mateo Álvarez", "Sierra Quill Ventures", "fund", "Spain|Europe", "B2B SaaS|marketplaces", "seed|series_a"),
  person("Ingrid Sørensen", "Polar Tern Partners", "fund", "Nordics|Europe", "health|deeptech", "series_a"),
  person("Kwame Mensah", "Baobab Line Capital", "fund", "Global|UK", "fintech|marketplaces", "seed|series_a"),
  person("Émilie Rousseau", "Quai Neuf Partners", "fund", "France", "fintech|B2B SaaS", "series_a|series_b_plus"),
  person("Daniel Weiß", "Rheinwerk Kapital", "fund", "Germany|Europe", "B2B SaaS|devtools", "seed|series_a"),
  person("Leila Haddad", "Olive Row Ventures", "fund", "Europe|Israel", "health|consumer", "pre_seed|seed"),
  person("Tomasz Wiśniewski", "Amber Coast Ventures", "fund", "Poland|Europe", "AI|devtools", "pre_seed|seed"),
  person("Aoife Ní Bhriain", "Harbour Lantern Capital", "fund", "UK|Europe", "climate|fintech", "seed"),
  person("Ravi Chandrasekar", "Tideglass Ventures", "fund", "US|Global", "AI|B2B SaaS", "series_a|series_b_plus"),
  person("Elena Popescu", "Carpathia Seed Fund", "fund", "Europe", "devtools|consumer", "pre_seed|seed"),
  person("Björn Eriksson", "Granskog Partners", "fund", "Nordics", "climate|deeptech", "series_a|series_b_plus"),
  person("Fatou Diallo", "Lagune Capital", "fund", "France|Global", "fintech|health", "seed"),
  person("Yusuf Demir", "Bosphorus Gate Ventures", "fund", "Europe|Global", "marketplaces|fintech", "seed|series_a"),
  person("Marta Gonçalves", "Atlântico Ventures", "fund", "Europe|Spain", "AI|B2B SaaS", "pre_seed|seed"),
  person("Oliver Pemberton", "Greystone Orchard Capital", "fund", "UK", "consumer|marketplaces", "series_a|series_b_plus"),
  person("Mei-Ling Chua", "Lanternfish Ventures", "fund", "Global|US", "health|AI", "seed|series_a"),
  person("Jürgen Köhler", "Alpenfirn Capital", "fund", "Germany|Europe", "deeptech|climate", "series_b_plus"),
  person("Sofía Ramírez", "Brisa Partners", "fund", "Spain|US", "consumer|health", "seed"),
  person("Niamh O'Sullivan", "Copperbeech Ventures", "fund", "UK|Europe", "B2B SaaS|fintech", "pre_seed|seed"),
  person("Arjun Mehta", "Banyan Ridge Capital", "fund", "US|Global", "fintech|AI", "series_a|series_b_plus"),
  person("Anaïs Moreau", "Lierre Ventures", "fund", "France|Europe", "health|deeptech", "seed|series_a"),
  person("Henrik Lindqvist", "Skärgård Capital", "fund", "Nordics|Europe", "devtools|B2B SaaS", "seed|series_a"),
  person("Tamar Shapiro", "Negev Light Partners", "fund", "Israel", "deeptech|AI", "seed|series_a"),
  person("Grzegorz Kowalczyk", "Oder Valley Ventures", "fund", "Poland", "marketplaces|B2B SaaS", "series_a"),
  person("Isabelle van der Berg", "Polder Peak Capital", "fund", "Netherlands|Europe", "climate|marketplaces", "seed|series_a"),
  person("Kofi Asante", "Ember Field Ventures", "fund", "UK|Global", "consumer|fintech", "pre_seed|seed"),
  person("Camille Dubois", "Rive Gauche Ventures", "fund", "France", "consumer|marketplaces", "seed"),
  person("Lars Øverby", "Nordlys Invest", "fund", "Nordics", "fintech|B2B SaaS", "series_b_plus"),
  person("Beatriz Sánchez", null, "angel", "Spain|Europe", "health|consumer", "pre_seed"),
  person("Ólafur Jónsson", null, "angel", "Nordics", "climate|devtools", "pre_seed|seed"),
  person("Hannah Goldberg", null, "angel", "US|Israel", "fintech|B2B SaaS", "pre_seed|seed"),
  person("Thabo Nkosi", null, "angel", "UK|Global", "marketplaces|fintech", "pre_seed"),
  person("Renée Fontaine", null, "angel", "France", "consumer|health", "pre_seed|seed"),
  person("Kenji Morimoto", null, "angel", "US", "AI|devtools", "pre_seed"),
  person("Agnieszka Dąbrowska", null, "angel", "Poland|Germany", "B2B SaaS|AI", "pre_seed|seed"),
  person("François Lemaître", null, "angel", "France|Europe", "fintech", "seed"),
  person("Ayşe Kaya", null, "angel", "Germany|Europe", "health|AI", "pre_seed"),
  person("Siobhán Kelly", null, "angel", "UK", "climate|consumer", "pre_seed|seed"),
  person("Rafael Méndez", null, "angel", "Spain|US", "marketplaces", "pre_seed"),
  person("Astrid Nyström", null, "angel", "Nordics", "deeptech|climate", "seed"),
  person("Gabriel Oyelaran", null, "angel", "UK|US", "devtools|B2B SaaS", "pre_seed"),
  person("Yael Mizrahi", null, "angel", "Israel", "AI|fintech", "pre_seed|seed"),
  person("Clara Schäfer", "Launchwerk Accelerator", "accelerator", "Germany|Europe", "B2B SaaS|devtools|AI", "pre_seed"),
  person("Malik Farouk", "Foundry Loop", "accelerator", "UK|Global", "fintech|marketplaces", "pre_seed"),
  person("Lucía Herrera", "Faro Labs", "accelerator", "Spain", "climate|consumer", "pre_seed"),
  person("Pieter de Graaf", "Dijkstart Accelerator", "accelerator", "Netherlands|Europe", "health|climate", "pre_seed|seed"),
  person("Saanvi Iyer", "Orbit Nursery Program", "accelerator", "US|Global", "AI|deeptech", "pre_seed"),
  person("Frédéric Garnier", "Vellacor Energy Ventures", "corporate", "France|Europe", "climate|deeptech", "series_a|series_b_plus"),
  person("Katarzyna Nowak", "Pharmora Corporate Ventures", "corporate", "Germany|Europe", "health", "series_a"),
  person("Ethan Caldwell", "Bankhollow Digital Ventures", "corporate", "US|UK", "fintech", "seed|series_a"),
  person("Miriam Adler", "Telvanta Ventures", "corporate", "Israel|Global", "AI|devtools", "series_a|series_b_plus"),
  person("Søren Kjær", "Havnelys Industrial Ventures", "corporate", "Nordics", "deeptech|climate", "series_b_plus"),
  person("Giulia Bianchi", "Casa Ulivo Family Office", "other", "Europe|Global", "consumer|health", "series_a|series_b_plus"),
  person("Nathaniel Brooks", "Lamplight Angel Syndicate", "other", "UK|US", "B2B SaaS|fintech", "pre_seed|seed"),
  person("Ewa Zielińska", "Wawel University Fund", "other", "Poland", "deeptech|health", "pre_seed"),
  person("Idris Bello", "Reedbank Operators Collective", "other", "UK|Global", "devtools|AI", "pre_seed|seed"),
];

/** Fictional startups the demo investors back, by sector. */
const COMPANIES: Record<string, readonly string[]> = {
  fintech: ["Tallyfern", "Paywren", "Brassleaf Pay", "Coinmoss", "Ledgerloom"],
  climate: ["Lumen Grid", "Kelpworks", "Heatloom", "Solvane", "Carbonmoth"],
  health: ["Tessera Clinic", "Pulsewick", "Medlark", "Corvita Labs", "Sleepharbor"],
  AI: ["Quillmind", "Inferlane", "Saltglass AI", "Vectorwren", "Owlgrid"],
  devtools: ["Ferrule", "Stacklark", "Buildmoss", "Tracequill", "Patchfern"],
  marketplaces: ["Harborstall", "Tradequay", "Loftmarket", "Rentwick", "Crateful"],
  "B2B SaaS": ["Brightfold", "Opsgarden", "Clerkly", "Rosterly", "Invoicewren"],
  consumer: ["Pebblecast", "Snackwren", "Moodjar", "Trailmint", "Bakeloop"],
  deeptech: ["Qubitfern", "Photonwick", "Ironlattice", "Cryolark", "Magnetide"],
};
const ALL_SECTORS = Object.keys(COMPANIES);

const HIRES = ["Inês Carvalho", "Tobias Lind", "Farah Qureshi", "Marek Horváth", "Élodie Marchand", "Samuel Osei"];
const NEWS_HOSTS = ["news.example.com", "techwire.example.org", "fundwatch.example.net"];
const ROMAN = ["II", "III", "IV", "V"];

// ---------------------------------------------------------------------------------------------
// The shape of the pipeline, independent of the seed: how many people sit in each status, how old
// their evidence is, who carries a red flag and whose follow-up is due. The seed only decides who
// gets which profile and the details.
//
// Token: evidence bucket F(resh 0–7 d) / R(ecent 15–60 d) / S(tale > 90 d) / N(one, no signals),
// then d (follow-up due: last contact 8–30 days ago) or w (contacted 1–5 days ago, not due yet),
// then !flag for a red flag.

type Bucket = "fresh" | "recent" | "stale" | "none";
type FlagKey = "closed" | "paused" | "conflict" | "left" | "deployed" | "stopped";
type Profile = {
  status: RelationshipStatus;
  bucket: Bucket;
  timing: "due" | "waiting" | null;
  flag: FlagKey | null;
};

const PROFILE_PLAN: ReadonlyArray<readonly [RelationshipStatus, string]> = [
  ["not_contacted", "F!closed F!paused R!conflict F F F F F F R R R R S S S N N N N N N"],
  ["researching", "R!left F!deployed F F R S N N N"],
  ["intro_requested", "R!stopped F F R S N"],
  ["contacted", "Fd Rd Sd Fw Rw"],
  ["in_conversation", "Fd Fd Rd Fw"],
  ["meeting_scheduled", "Fd Rd Fw"],
  ["due_diligence", "Fd Rw"],
  ["committed", "F F R S"],
  ["passed", "F F R R S S"],
  ["not_a_fit", "F R R S S"],
];

const BUCKETS: Record<string, Bucket> = { F: "fresh", R: "recent", S: "stale", N: "none" };
const FLAG_KEYS: readonly FlagKey[] = ["closed", "paused", "conflict", "left", "deployed", "stopped"];

function parseProfiles(): Profile[] {
  return PROFILE_PLAN.flatMap(([status, tokens]) =>
    tokens.split(" ").map((token) => {
      const match = /^([FRSN])([dw])?(?:!(\w+))?$/.exec(token);
      const bucket = match?.[1] ? BUCKETS[match[1]] : undefined;
      if (!match || !bucket) throw new Error(`bad profile token ${token}`);
      const flag = FLAG_KEYS.find((key) => key === match[3]) ?? null;
      if (match[3] && !flag) throw new Error(`unknown flag ${match[3]}`);
      const timing = match[2] === "d" ? "due" : match[2] === "w" ? "waiting" : null;
      return { status, bucket, timing, flag };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Evidence drafting, shared by the demo set and the simulated refresh.

type Author = {
  name: string;
  firm: string | null;
  kind: InvestorKind;
  sectors: readonly string[];
  stages: readonly Stage[];
  /** The firm's own site host, for `web` evidence. */
  host: string | null;
};

type Draft = {
  title: string;
  excerpt: string;
  summary: string;
  source: DemoEvidence["source"];
  category: EvidenceCategory;
  relevance: number;
  /** The outreach sentence this page supports, when it is a deal or a new fund. */
  hook: string | null;
  /** The red flag this page supports. */
  redFlag: string | null;
};

function firstName(name: string): string {
  return name.split(" ")[0] ?? name;
}

function pickCompany(rng: Rng, author: Author, used: Set<string>): { name: string; sector: string } {
  const sectors = author.sectors.filter((s) => COMPANIES[s]);
  const pool = (sectors.length > 0 ? sectors : ALL_SECTORS).flatMap((sector) =>
    (COMPANIES[sector] ?? []).map((name) => ({ name, sector })),
  );
  const fresh = pool.filter((c) => !used.has(c.name));
  const company = pick(rng, fresh.length > 0 ? fresh : pool);
  used.add(company.name);
  return company;
}

/** Round sizes in millions of dollars. */
const DEAL_MILLIONS: Record<Stage, readonly [number, number]> = {
  pre_seed: [0.4, 1.5],
  seed: [1.5, 6],
  series_a: [7, 20],
  series_b_plus: [25, 90],
};

function dealDollars(rng: Rng, stage: Stage): number {
  const [min, max] = DEAL_MILLIONS[stage];
  const millions = between(rng, min, max);
  return (millions >= 10 ? Math.round(millions) : Math.round(millions * 10) / 10) * 1_000_000;
}

function draftDeal(rng: Rng, author: Author, used: Set<string>, at: Date): Draft {
  const who = author.firm ?? author.name;
  const company = pickCompany(rng, author, used);
  const stage = pick(rng, author.stages.length > 0 ? author.stages : (["seed"] as const));
  const amount = money(dealDollars(rng, stage));
  const round = STAGE_WORDS[stage];
  const leads = author.kind === "fund" || author.kind === "corporate" || (author.kind === "other" && chance(rng, 0.5));
  return {
    title: leads
      ? `${who} leads ${amount} ${round} round in ${company.name}`
      : `${company.name} raises ${amount} ${round} with ${who} among its backers`,
    excerpt: `${company.name}, ${article(company.sector)} ${company.sector} startup, has raised ${amount} in a ${round} round${
      leads ? ` led by ${who}` : ""
    }. The company plans to double its engineering team over the next year.`,
    summary: `${leads ? "Led" : "Joined"} a ${amount} ${round} round in ${company.name} (${company.sector}): actively deploying at ${round}.`,
    source: chance(rng, 0.75) ? "news" : "web",
    category: "deal",
    relevance: twoDecimals(between(rng, 0.6, 0.95)),
    hook: leads
      ? `Led a ${amount} ${round} in ${company.name} on ${dayMonth(at)}`
      : `Backed ${company.name}'s ${amount} ${round} on ${dayMonth(at)}`,
    redFlag: null,
  };
}

function draftNewFund(rng: Rng, author: Author, at: Date): Draft {
  const sector = pick(rng, author.sectors.length > 0 ? author.sectors : ALL_SECTORS);
  const stage = STAGE_WORDS[author.stages[0] ?? "seed"];
  const relevance = twoDecimals(between(rng, 0.7, 0.95));
  const on = dayMonth(at);
  if (author.kind === "angel" || author.firm === null) {
    const size = money(intBetween(rng, 2, 8) * 1_000_000);
    return {
      title: `${author.name} launches a ${size} angel syndicate for ${sector} founders`,
      excerpt: `${author.name} is pooling ${size} from operators to back ${stage} ${sector} startups, with cheques starting at $25K.`,
      summary: `New ${size} syndicate for ${stage} ${sector}: fresh capital to deploy.`,
      source: chance(rng, 0.5) ? "linkedin" : "news",
      category: "new_fund",
      relevance,
      hook: `Launched a ${size} angel syndicate for ${sector} founders on ${on}`,
      redFlag: null,
    };
  }
  if (author.kind === "accelerator") {
    const ticket = money(intBetween(rng, 4, 15) * 10_000);
    return {
      title: `${author.firm} opens applications for its next cohort with ${ticket} per startup`,
      excerpt: `${author.firm} will pick up to 20 ${sector} teams for its next programme and invest ${ticket} in each.`,
      summary: `New cohort open, ${ticket} per startup, ${sector} among the focus areas.`,
      source: chance(rng, 0.5) ? "web" : "news",
      category: "new_fund",
      relevance,
      hook: `Opened applications for its next cohort (${ticket} per startup) on ${on}`,
      redFlag: null,
    };
  }
  if (author.kind === "corporate") {
    const size = money(intBetween(rng, 5, 30) * 10_000_000);
    return {
      title: `${author.firm} launches ${size} corporate venture fund for ${sector} startups`,
      excerpt: `The new ${size} vehicle will invest in ${stage} ${sector} companies that can partner with the group's business units.`,
      summary: `Fresh ${size} corporate fund for ${sector} at ${stage}.`,
      source: "news",
      category: "new_fund",
      relevance,
      hook: `Launched a ${size} corporate venture fund for ${sector} on ${on}`,
      redFlag: null,
    };
  }
  const size = money(intBetween(rng, 4, 40) * 10_000_000);
  const fundName = `Fund ${pick(rng, ROMAN)}`;
  return {
    title: `${author.firm} closes ${size} ${fundName} for ${stage} ${sector} startups`,
    excerpt: `${author.firm} has closed ${fundName} at ${size}, above its target, and expects to make 25 to 30 new investments over three years.`,
    summary: `Closed a ${size} ${fundName}: new capital for ${stage} ${sector}.`,
    source: "news",
    category: "new_fund",
    relevance,
    hook: `Closed a ${size} ${fundName} for ${stage} ${sector} on ${on}`,
    redFlag: null,
  };
}

function draftHire(rng: Rng, author: Author, used: Set<string>): Draft {
  const sector = pick(rng, author.sectors.length > 0 ? author.sectors : ALL_SECTORS);
  if (author.firm === null) {
    const company = pickCompany(rng, author, used);
    return {
      title: `${author.name} joins the advisory board of ${company.name}`,
      excerpt: `${company.name} has added ${author.name} to its advisory board to help with its next fundraise.`,
      summary: `Advisory role at ${company.name}; still close to ${company.sector} founders.`,
      source: "linkedin",
      category: "hire_or_departure",
      relevance: twoDecimals(between(rng, 0.3, 0.6)),
      hook: null,
      redFlag: null,
    };
  }
  const hire = pick(rng, HIRES);
  return {
    title: `${author.firm} hires ${hire} as partner to lead ${sector}`,
    excerpt: `${hire} joins ${author.firm} as a partner and will lead new ${sector} investments from the firm's European office.`,
    summary: `New ${sector} partner: the firm is building out its ${sector} practice.`,
    source: chance(rng, 0.5) ? "news" : "linkedin",
    category: "hire_or_departure",
    relevance: twoDecimals(between(rng, 0.4, 0.7)),
    hook: null,
    redFlag: null,
  };
}

function draftThesis(rng: Rng, author: Author): Draft {
  const sector = pick(rng, author.sectors.length > 0 ? author.sectors : ALL_SECTORS);
  const title = pick(rng, [
    `${author.name}: why ${sector} founders should raise smaller seed rounds`,
    `What ${firstName(author.name)} looks for in a ${sector} pitch`,
    `${author.firm ?? author.name}'s ${sector} market map for the coming year`,
    `Five questions ${firstName(author.name)} asks every ${sector} founder`,
  ]);
  return {
    title,
    excerpt: `A long post on ${sector}: the metrics that matter before a first meeting, and why distribution beats features early on.`,
    summary: `Public thesis on ${sector}; useful to reference in outreach.`,
    source: chance(rng, 0.6) ? "linkedin" : "web",
    category: "thesis_or_content",
    relevance: twoDecimals(between(rng, 0.4, 0.8)),
    hook: null,
    redFlag: null,
  };
}

function draftIrrelevant(rng: Rng, author: Author): Draft {
  const who = author.firm ?? author.name;
  return {
    title: pick(rng, [
      `${who} sponsors a founders' charity 10K run`,
      `${author.name} speaks at a university alumni dinner`,
      `${who} moves into a new office by the river`,
    ]),
    excerpt: `A short community item mentioning ${who}; nothing about new investments.`,
    summary: "Not about investing activity.",
    source: "web",
    category: "irrelevant",
    relevance: twoDecimals(between(rng, 0.05, 0.25)),
    hook: null,
    redFlag: null,
  };
}

/** A red flag needs a firm for some stories; angels get the closest personal equivalent. */
function flagFor(key: FlagKey, author: Author): FlagKey {
  const hasFirm = author.firm !== null && author.kind !== "angel";
  if (hasFirm) return key === "stopped" ? "left" : key;
  if (key === "closed" || key === "deployed") return "paused";
  if (key === "left") return "stopped";
  return key;
}

function draftRedFlag(rng: Rng, key: FlagKey, author: Author, used: Set<string>, at: Date): Draft {
  const who = author.firm ?? author.name;
  const relevance = twoDecimals(between(rng, 0.75, 0.95));
  switch (flagFor(key, author)) {
    case "closed":
      return {
        title: `${who} says Fund III is fully committed and closed to new investments`,
        excerpt: `${who} told its investors that Fund III has no capacity left for new companies; the team is focused on follow-ons.`,
        summary: "Fund III closed to new investments.",
        source: "news",
        category: "negative",
        relevance,
        hook: null,
        redFlag: "Fund III closed to new investments",
      };
    case "deployed":
      return {
        title: `${who} has fully deployed Fund II and will only do follow-ons`,
        excerpt: `${who} confirmed Fund II is fully invested; reserves go to existing portfolio companies until a new fund closes.`,
        summary: "Fund II fully deployed; follow-ons only.",
        source: "news",
        category: "negative",
        relevance,
        hook: null,
        redFlag: "Fund II fully deployed; follow-ons only",
      };
    case "left": {
      const sector = pick(rng, author.sectors.length > 0 ? author.sectors : ALL_SECTORS);
      const redFlag = `Partner left the firm in ${MONTHS_LONG[at.getUTCMonth()]}`;
      return {
        title: `${who}'s ${sector} partner leaves the firm`,
        excerpt: `The partner who led ${who}'s ${sector} investments has left; the firm has not named a successor.`,
        summary: `${redFlag}; no successor named for ${sector}.`,
        source: "news",
        category: "hire_or_departure",
        relevance,
        hook: null,
        redFlag,
      };
    }
    case "stopped":
      return {
        title: `${author.name} joins a fund as venture partner and stops personal angel cheques`,
        excerpt: `${author.name} announced a move to a venture partner role and will no longer write personal angel cheques.`,
        summary: "Stopped angel investing after joining a fund.",
        source: "linkedin",
        category: "negative",
        relevance,
        hook: null,
        redFlag: "Stopped angel investing after joining a fund",
      };
    case "conflict": {
      const company = pickCompany(rng, author, used);
      return {
        title: `${company.name} raises with backing from ${who}`,
        excerpt: `${company.name}, which sells the same product to the same customers as the founder's startup, announced ${who} as a new investor.`,
        summary: `Conflict: backed a direct competitor (${company.name}).`,
        source: "news",
        category: "deal",
        relevance,
        hook: null,
        redFlag: "Conflict: backed a direct competitor",
      };
    }
    case "paused":
      return {
        title: author.firm === null ? `${author.name} pauses angel investing until Q2` : `${who} pauses new investments until Q2`,
        excerpt: `${who} will make no new investments until the second quarter while it supports the existing portfolio.`,
        summary: "Paused new investments until Q2.",
        source: "news",
        category: "negative",
        relevance,
        hook: null,
        redFlag: "Paused new investments until Q2",
      };
  }
}

function draftFor(rng: Rng, category: EvidenceCategory, author: Author, used: Set<string>, at: Date): Draft {
  switch (category) {
    case "deal":
      return draftDeal(rng, author, used, at);
    case "new_fund":
      return draftNewFund(rng, author, at);
    case "hire_or_departure":
      return draftHire(rng, author, used);
    case "thesis_or_content":
      return draftThesis(rng, author);
    case "irrelevant":
      return draftIrrelevant(rng, author);
    case "negative":
      return draftRedFlag(rng, "paused", author, used, at);
  }
}

function evidenceUrl(rng: Rng, draft: Draft, author: Author, at: Date, suffix: string): string {
  const slug = slugify(draft.title) + suffix;
  if (draft.source === "linkedin") {
    const who = slugify(author.name);
    return `https://linkedin.example.com/posts/${slug.startsWith(who) ? slug : `${who}-${slug}`}`;
  }
  if (draft.source === "web") return `https://${author.host ?? "blog.example.org"}/posts/${slug}`;
  const [year, month, day] = at.toISOString().slice(0, 10).split("-");
  return `https://${pick(rng, NEWS_HOSTS)}/${year}/${month}/${day}/${slug}`;
}

function toEvidence(draft: Draft, url: string, publishedAt: string | null, foundAt: string): DemoEvidence {
  return {
    url,
    title: draft.title,
    excerpt: draft.excerpt,
    source: draft.source,
    published_at: publishedAt,
    found_at: foundAt,
    content_hash: sha256Hex(url + draft.title),
    category: draft.category,
    relevance: draft.relevance,
    summary: draft.summary,
  };
}

// ---------------------------------------------------------------------------------------------
// Signals from evidence: the same decay as docs/product.md#resources, so a high activity always has fresh deals or
// a new fund behind it.

const ACTIVITY_POINTS: Record<EvidenceCategory, number> = {
  new_fund: 70,
  deal: 50,
  hire_or_departure: 10,
  thesis_or_content: 12,
  negative: -40,
  irrelevant: 0,
};

function decayWeight(ageDays: number): number {
  if (ageDays > MAX_EVIDENCE_AGE_DAYS) return 0;
  return 0.5 ** (Math.max(0, ageDays) / HALF_LIFE_DAYS);
}

function evidenceAgeDays(row: DemoEvidence, atMs: number): number {
  return (atMs - Date.parse(row.published_at ?? row.found_at)) / DAY_MS;
}

function activityPoints(rows: readonly DemoEvidence[], atMs: number): number {
  return rows.reduce((sum, row) => sum + ACTIVITY_POINTS[row.category] * row.relevance * decayWeight(evidenceAgeDays(row, atMs)), 0);
}

function fitFrom(rng: Rng, rows: readonly DemoEvidence[]): number {
  const telling = rows.filter((r) => r.category === "deal" || r.category === "new_fund" || r.category === "thesis_or_content");
  if (telling.length === 0) return intBetween(rng, 20, 40);
  const best = Math.max(...telling.map((r) => r.relevance));
  return clampScore(30 + 55 * best + between(rng, -8, 8));
}

// ---------------------------------------------------------------------------------------------
// The demo set.

type ContactStep = Omit<DemoContact, "date">;

const CONTACT_OPENERS: readonly ContactStep[] = [
  { channel: "email", note: "Cold email with the deck and a three-line summary." },
  { channel: "intro", note: "Warm intro from a portfolio founder." },
  { channel: "linkedin", note: "Connected on LinkedIn and shared the one-pager." },
];
const CONTACT_MIDDLES: readonly ContactStep[] = [
  { channel: "call", note: "30-minute call: questions on churn and pricing." },
  { channel: "email", note: "Sent the monthly investor update." },
  { channel: "meeting", note: "Coffee after a demo day; asked for the data room." },
];
const STATUS_CONTACTS: Partial<Record<RelationshipStatus, readonly ContactStep[]>> = {
  intro_requested: [
    { channel: "email", note: "Asked a mutual founder for a warm intro." },
    { channel: "linkedin", note: "Asked a former colleague on their team to introduce us." },
  ],
  contacted: [
    { channel: "email", note: "Sent the deck and a short intro email." },
    { channel: "linkedin", note: "Sent a note with the latest traction numbers." },
  ],
  in_conversation: [
    { channel: "call", note: "First call: liked the traction, asked for cohort data." },
    { channel: "email", note: "Answered their questions on unit economics." },
  ],
  meeting_scheduled: [
    { channel: "email", note: "Booked a partner meeting; sent the agenda." },
    { channel: "call", note: "Agreed a date for the full partnership pitch." },
  ],
  due_diligence: [
    { channel: "email", note: "Shared the data room; they are calling two customers." },
    { channel: "meeting", note: "Diligence session with their technical partner." },
  ],
  committed: [
    { channel: "call", note: "Verbal commitment; paperwork in progress." },
    { channel: "email", note: "Signed the side letter; wire expected next week." },
  ],
  passed: [
    { channel: "email", note: "Passed: too early for them, revisit at Series A." },
    { channel: "call", note: "Passed: overlap with an existing portfolio company." },
  ],
  not_a_fit: [
    { channel: "email", note: "Replied that they only invest in hardware." },
    { channel: "call", note: "Mandate is US-only; not a fit for now." },
  ],
};
const PERSONAL_NOTES = [
  "Prefers a two-page memo over a deck.",
  "Replied within two days last time; likes metrics up front.",
  "Intro possible through our angel investor.",
  "Ask about their view on usage-based pricing.",
  "Met briefly at a founder meetup; remembers the product.",
  "Writes small first cheques but follows on strongly.",
  "Their portfolio company could be a design partner.",
];

function contactDays(rng: Rng, profile: Profile): { lastDays: number | null; count: number } {
  switch (profile.status) {
    case "not_contacted":
    case "researching":
      return { lastDays: null, count: 0 };
    case "intro_requested":
      return { lastDays: intBetween(rng, 2, 20), count: 1 };
    case "contacted":
    case "in_conversation":
    case "meeting_scheduled":
    case "due_diligence":
      return {
        lastDays: profile.timing === "due" ? intBetween(rng, 8, 30) : intBetween(rng, 1, 5),
        count: intBetween(rng, 1, 3),
      };
    case "committed":
      return { lastDays: intBetween(rng, 6, 40), count: intBetween(rng, 2, 3) };
    case "passed":
      return { lastDays: intBetween(rng, 20, 120), count: intBetween(rng, 1, 3) };
    case "not_a_fit":
      return chance(rng, 0.5) ? { lastDays: null, count: 0 } : { lastDays: intBetween(rng, 30, 200), count: intBetween(rng, 1, 2) };
  }
}

function buildContacts(rng: Rng, status: RelationshipStatus, lastDays: number, count: number, nowMs: number): DemoContact[] {
  const closing = pick(rng, STATUS_CONTACTS[status] ?? CONTACT_OPENERS);
  const steps = [...(count >= 2 ? [pick(rng, CONTACT_OPENERS)] : []), ...(count >= 3 ? [pick(rng, CONTACT_MIDDLES)] : []), closing];
  // Walk back from the last contact so the final entry is dated last_contact_date.
  let days = lastDays;
  return steps
    .reverse()
    .map((step, i) => {
      if (i > 0) days += intBetween(rng, 3, 20);
      return { date: isoDay(nowMs - days * DAY_MS), channel: step.channel, note: step.note };
    })
    .reverse();
}

function checkSizes(rng: Rng, p: Person): { min: number; max: number } | null {
  if (chance(rng, 0.08)) return null;
  const round = (value: number, step: number) => Math.round(value / step) * step;
  if (p.kind === "angel") return { min: round(between(rng, 10_000, 25_000), 5_000), max: round(between(rng, 25_000, 100_000), 5_000) };
  if (p.kind === "accelerator") {
    const ticket = round(between(rng, 50_000, 150_000), 10_000);
    return { min: ticket, max: ticket };
  }
  const ranges: Record<Stage, readonly [number, number, number, number]> = {
    pre_seed: [100_000, 250_000, 500_000, 1_000_000],
    seed: [250_000, 750_000, 1_500_000, 3_000_000],
    series_a: [2_000_000, 4_000_000, 8_000_000, 15_000_000],
    series_b_plus: [10_000_000, 20_000_000, 30_000_000, 60_000_000],
  };
  const low = ranges[p.stages[0] ?? "seed"];
  const high = ranges[p.stages[p.stages.length - 1] ?? "seed"];
  return { min: round(between(rng, low[0], low[1]), 50_000), max: round(between(rng, high[2], high[3]), 250_000) };
}

function hostOf(firm: string | null): string | null {
  if (firm === null) return null;
  const core = firm.replace(/\b(Ventures|Capital|Partners|Kapital|Invest|Fund|Accelerator|Program)\b/g, "").trim();
  return `${slugify(core || firm)}.example.com`;
}

type EvidencePlan = { category: EvidenceCategory; ageDays: number; flag: FlagKey | null };

function planEvidence(rng: Rng, profile: Profile, checkedAgeDays: number): EvidencePlan[] {
  const plan: EvidencePlan[] = [];
  const fromChecked = checkedAgeDays + 0.1;
  switch (profile.bucket) {
    case "none":
      return [];
    case "fresh": {
      const count = intBetween(rng, 2, 6);
      const lead = profile.flag
        ? { category: "negative" as const, ageDays: between(rng, fromChecked, 6.5), flag: profile.flag }
        : { category: pick(rng, ["deal", "deal", "new_fund"] as const), ageDays: between(rng, fromChecked, 6.5), flag: null };
      plan.push(lead);
      for (let i = 1; i < count; i++) {
        const others = profile.flag
          ? (["deal", "thesis_or_content", "thesis_or_content", "hire_or_departure", "irrelevant"] as const)
          : (["deal", "deal", "thesis_or_content", "thesis_or_content", "hire_or_departure", "irrelevant", "new_fund"] as const);
        plan.push({
          category: pick(rng, others),
          ageDays: between(rng, fromChecked, 80),
          flag: null,
        });
      }
      return plan;
    }
    case "recent": {
      const count = intBetween(rng, profile.flag ? 2 : 1, 4);
      const lead = profile.flag
        ? { category: "negative" as const, ageDays: between(rng, 15, 40), flag: profile.flag }
        : { category: pick(rng, ["deal", "new_fund", "thesis_or_content"] as const), ageDays: between(rng, 15, 60), flag: null };
      plan.push(lead);
      for (let i = 1; i < count; i++) {
        plan.push({
          category: pick(rng, ["deal", "thesis_or_content", "hire_or_departure", "irrelevant"] as const),
          ageDays: between(rng, Math.max(15, lead.ageDays), 85),
          flag: null,
        });
      }
      return plan;
    }
    case "stale": {
      const count = intBetween(rng, 1, 3);
      for (let i = 0; i < count; i++) {
        plan.push({
          category: pick(rng, ["deal", "deal", "new_fund", "thesis_or_content", "irrelevant"] as const),
          ageDays: between(rng, 91, 400),
          flag: null,
        });
      }
      return plan;
    }
  }
}

function buildInvestor(p: Person, profile: Profile, nowMs: number, seed: number): DemoInvestor {
  const rng = rngFor(seed, "investor", p.name);
  const host = hostOf(p.firm);
  const author: Author = { name: p.name, firm: p.firm, kind: p.kind, sectors: p.sectors, stages: p.stages, host };
  const nameSlug = slugify(p.name);
  const first = slugify(firstName(p.name));
  const last = slugify(p.name.slice(firstName(p.name).length)).replace(/-/g, "");

  const checkedAgeDays = profile.bucket === "fresh" ? between(rng, 1, 2.5) : between(rng, 1, 12);
  const checkedAtMs = Math.round(nowMs - checkedAgeDays * DAY_MS);
  const used = new Set<string>();
  const urls = new Set<string>();
  const drafted = planEvidence(rng, profile, checkedAgeDays).map((plan) => {
    const publishedMs = Math.round(nowMs - plan.ageDays * DAY_MS);
    const at = new Date(publishedMs);
    const draft = plan.flag ? draftRedFlag(rng, plan.flag, author, used, at) : draftFor(rng, plan.category, author, used, at);
    const foundMs = Math.min(checkedAtMs, Math.round(publishedMs + between(rng, 0.05, 1.5) * DAY_MS));
    // Some undated web pages, but never the ones a hook or red flag cites.
    const undated = draft.source === "web" && draft.hook === null && draft.redFlag === null && chance(rng, 0.3);
    let url = evidenceUrl(rng, draft, author, at, "");
    for (let n = 2; urls.has(url); n++) url = evidenceUrl(rng, draft, author, at, `-${n}`);
    urls.add(url);
    return {
      draft,
      ageDays: plan.ageDays,
      row: toEvidence(draft, url, undated ? null : at.toISOString(), new Date(foundMs).toISOString()),
    };
  });
  drafted.sort((a, b) => a.ageDays - b.ageDays);
  const evidence = drafted.map((d) => d.row);

  const hasSignals = evidence.length > 0;
  const redFlag = drafted.find((d) => d.draft.redFlag !== null)?.draft.redFlag ?? null;
  const hook = redFlag === null ? (drafted.find((d) => d.draft.hook !== null && d.ageDays <= 60)?.draft.hook ?? null) : null;

  const contact = contactDays(rng, profile);
  const lastContact = contact.lastDays === null ? null : isoDay(nowMs - contact.lastDays * DAY_MS);
  const contacts = contact.lastDays === null ? [] : buildContacts(rng, profile.status, contact.lastDays, contact.count, nowMs);
  const checks = checkSizes(rng, p);

  return {
    name: p.name,
    firm: p.firm,
    kind: p.kind,
    website: host ? `https://${host}` : chance(rng, 0.4) ? `https://${nameSlug}.example.org` : null,
    linkedin_url: chance(rng, 0.85) ? `https://linkedin.example.com/in/${nameSlug}` : null,
    email: chance(rng, 0.9) ? (host ? `${first}@${host}` : `${first}.${last}@example.net`) : null,
    sectors: [...p.sectors],
    stages: [...p.stages],
    geographies: [...p.geographies],
    check_min: checks?.min ?? null,
    check_max: checks?.max ?? null,
    relationship_status: profile.status,
    last_contact_date: lastContact,
    personal_notes: chance(rng, 0.45) ? pick(rng, PERSONAL_NOTES) : null,
    signal_activity: hasSignals ? clampScore(intBetween(rng, 4, 10) + activityPoints(evidence, checkedAtMs)) : null,
    signal_fit: hasSignals ? fitFrom(rng, evidence) : null,
    signal_hook: hook,
    signal_red_flag: redFlag,
    signals_checked_at: hasSignals ? new Date(checkedAtMs).toISOString() : null,
    evidence,
    contacts,
  };
}

function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * The demo pipeline as of `now`, ordered by name (code-unit order, the same as SQLite's default
 * BINARY collation for these names). Same `now` and seed → the same rows.
 */
export function buildDemoInvestors(now: Date, seed: number = DEFAULT_DEMO_SEED): DemoInvestor[] {
  const profiles = parseProfiles();
  if (profiles.length !== PEOPLE.length) {
    throw new Error(`demo plan has ${profiles.length} profiles for ${PEOPLE.length} people`);
  }
  const assigned = shuffled(rngFor(seed, "profiles"), profiles);
  const nowMs = now.getTime();
  return PEOPLE.map((p, i) => buildInvestor(p, assigned[i] as Profile, nowMs, seed)).sort(byName);
}

// ---------------------------------------------------------------------------------------------
// The simulated refresh (route #15): no search, no model; it picks who a real refresh would
// check and invents a little fresh evidence for them.

function refreshPriority(investor: DemoRefreshInput): number {
  let priority = 0;
  if (investor.signal_activity === null) priority += 40; // never checked: no data yet
  if (ACTIVE_STATUSES.has(investor.relationship_status)) priority += 30; // conversations in flight
  priority += (investor.signal_fit ?? 50) * 0.3;
  if (investor.signal_red_flag !== null) priority -= 15; // rarely changes week to week
  return priority;
}

function authorOf(investor: DemoRefreshInput): Author {
  const kind = INVESTOR_KINDS.find((k) => k === investor.kind) ?? (investor.firm ? "fund" : "angel");
  const stages = (investor.stages ?? []).flatMap((s) => STAGES.filter((stage) => stage === s));
  const firm = investor.firm ?? null;
  return {
    name: investor.name,
    firm,
    kind,
    sectors: investor.sectors && investor.sectors.length > 0 ? investor.sectors : ALL_SECTORS,
    stages: stages.length > 0 ? stages : ["seed"],
    host: hostOf(firm),
  };
}

function refreshOne(
  investor: DemoRefreshInput,
  index: number,
  raiseFlag: boolean,
  nowMs: number,
  stamp: string,
  seed: number,
): DemoRefreshUpdate {
  const rng = rngFor(seed, stamp, "refresh", investor.name);
  const author = authorOf(investor);
  const roll = rng();
  let count = roll < 0.3 ? 0 : roll < 0.75 ? 1 : 2;
  // A first check that finds nothing would leave "no data"; the demo always finds something.
  if (investor.signal_activity === null || raiseFlag) count = Math.max(count, 1);

  const used = new Set<string>();
  const drafted = Array.from({ length: count }, (_, k) => {
    const ageDays = between(rng, 0.05, 3.9);
    const publishedMs = Math.round(nowMs - ageDays * DAY_MS);
    const at = new Date(publishedMs);
    const draft =
      raiseFlag && k === 0
        ? draftRedFlag(rng, pick(rng, ["paused", "left", "conflict"] as const), author, used, at)
        : draftFor(
            rng,
            pick(rng, [
              "deal",
              "deal",
              "deal",
              "thesis_or_content",
              "thesis_or_content",
              "new_fund",
              "hire_or_departure",
              "irrelevant",
            ] as const),
            author,
            used,
            at,
          );
    // The token keeps URLs unique per (seed, now), so each refresh adds rows instead of colliding.
    const token = sha256Hex([seed, stamp, investor.name, k].join("\u0000")).slice(0, 8);
    const url = evidenceUrl(rng, draft, author, at, `-${token}`);
    return { draft, row: toEvidence(draft, url, at.toISOString(), stamp) };
  });
  const rows = drafted.map((d) => d.row);

  const prior = investor.signal_activity ?? intBetween(rng, 4, 10);
  // Slight fade since the last check, then the new evidence.
  const activity = clampScore(prior * 0.92 + activityPoints(rows, nowMs));
  const fit = investor.signal_fit ?? (rows.length > 0 ? fitFrom(rng, rows) : null);
  const redFlag = drafted.find((d) => d.draft.redFlag !== null)?.draft.redFlag ?? investor.signal_red_flag;
  const newHook = drafted.find((d) => d.draft.hook !== null)?.draft.hook ?? null;
  const hook = redFlag === null ? (newHook ?? investor.signal_hook ?? null) : (investor.signal_hook ?? null);

  return {
    index,
    signal_activity: activity,
    signal_fit: fit,
    signal_hook: hook,
    signal_red_flag: redFlag,
    new_evidence: rows,
  };
}

/**
 * One simulated refresh over the demo set (pass it ordered by name, as buildDemoInvestors
 * returns it; `index` in each update is the position in this array). Skips passed, not_a_fit
 * and committed investors, checks 12–20 of the rest, and raises at most one new red flag.
 * Same investors, `now` and seed → the same updates.
 */
export function simulateDemoRefresh(investors: readonly DemoRefreshInput[], now: Date, seed: number): DemoRefreshUpdate[] {
  const nowMs = now.getTime();
  const stamp = now.toISOString();
  const runRng = rngFor(seed, stamp, "refresh-run");

  const ranked = investors
    .map((investor, index) => ({ investor, index }))
    .filter(({ investor }) => !isClosedStatus(investor.relationship_status))
    .map(({ investor, index }) => ({
      investor,
      index,
      priority: refreshPriority(investor) + rngFor(seed, stamp, "priority", investor.name)() * 40,
    }))
    .sort((a, b) => b.priority - a.priority || a.index - b.index);

  const selected = ranked.slice(0, Math.min(ranked.length, intBetween(runRng, 12, 20))).sort((a, b) => a.index - b.index);
  const flaggable = selected.filter(({ investor }) => investor.signal_red_flag === null);
  const flagIndex = flaggable.length > 0 && chance(runRng, 0.4) ? pick(runRng, flaggable).index : null;

  return selected.map(({ investor, index }) => refreshOne(investor, index, index === flagIndex, nowMs, stamp, seed));
}
