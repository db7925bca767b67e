import type { InvestorKind, RelationshipStatus, Stage } from "../vocabulary.ts";
import { STAGES } from "../vocabulary.ts";
import type { DemoContact } from "./types.ts";

/**
 * The demo's data: fictional people at fictional firms (angels have no firm), the startups they
 * back, the shape of the pipeline, and the contact notes. Every address the code makes from these
 * uses the reserved example.com/.org/.net domains.
 */

export type Person = {
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

export const PEOPLE: readonly Person[] = [
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
export const COMPANIES: Record<string, readonly string[]> = {
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
export const ALL_SECTORS = Object.keys(COMPANIES);

export const HIRES = ["Inês Carvalho", "Tobias Lind", "Farah Qureshi", "Marek Horváth", "Élodie Marchand", "Samuel Osei"];
export const NEWS_HOSTS = ["news.example.com", "techwire.example.org", "fundwatch.example.net"];
export const ROMAN = ["II", "III", "IV", "V"];

// ---------------------------------------------------------------------------------------------
// The shape of the pipeline, independent of the seed: how many people sit in each status, how old
// their evidence is, who carries a red flag and whose follow-up is due. The seed only decides who
// gets which profile and the details.
//
// Token: evidence bucket F(resh 0–7 d) / R(ecent 15–60 d) / S(tale > 90 d) / N(one, no signals),
// then d (follow-up due: last contact 8–30 days ago) or w (contacted 1–5 days ago, not due yet),
// then !flag for a red flag.

type Bucket = "fresh" | "recent" | "stale" | "none";
export type FlagKey = "closed" | "paused" | "conflict" | "left" | "deployed" | "stopped";
export type Profile = {
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
  ["soft_committed", "R S"],
  ["committed", "F F"],
  ["passed", "F F R R S S"],
  ["not_a_fit", "F R R S S"],
];

const BUCKETS: Record<string, Bucket> = { F: "fresh", R: "recent", S: "stale", N: "none" };
const FLAG_KEYS: readonly FlagKey[] = ["closed", "paused", "conflict", "left", "deployed", "stopped"];

export function parseProfiles(): Profile[] {
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
// Contact history and personal notes.

type ContactStep = Omit<DemoContact, "date">;

export const CONTACT_OPENERS: readonly ContactStep[] = [
  { channel: "email", note: "Cold email with the deck and a three-line summary." },
  { channel: "intro", note: "Warm intro from a portfolio founder." },
  { channel: "linkedin", note: "Connected on LinkedIn and shared the one-pager." },
];
export const CONTACT_MIDDLES: readonly ContactStep[] = [
  { channel: "call", note: "30-minute call: questions on churn and pricing." },
  { channel: "email", note: "Sent the monthly investor update." },
  { channel: "meeting", note: "Coffee after a demo day; asked for the data room." },
];
export const STATUS_CONTACTS: Partial<Record<RelationshipStatus, readonly ContactStep[]>> = {
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
export const PERSONAL_NOTES = [
  "Prefers a two-page memo over a deck.",
  "Replied within two days last time; likes metrics up front.",
  "Intro possible through our angel investor.",
  "Ask about their view on usage-based pricing.",
  "Met briefly at a founder meetup; remembers the product.",
  "Writes small first cheques but follows on strongly.",
  "Their portfolio company could be a design partner.",
];
