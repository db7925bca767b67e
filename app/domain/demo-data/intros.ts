import type { IntroSource, IntroState, PathTier } from "../intros.ts";
import { DAY_MS, isoDay } from "./text.ts";
import type { DemoInvestor } from "./types.ts";

/**
 * The demo's warm intros (decision 065): four people who can introduce the demo team, with paths
 * to investors it has not contacted yet (the founder's sheet said one, mail measured the others),
 * an intro asked six days ago and unanswered (a nudge is due), one agreed and one made. Fictional
 * people and organisations; chosen by position among the demo set, so every reset is the same.
 */

export type DemoConnector = { name: string; organisation: string; email: string; knownBy: 0 | 1 };

export const DEMO_CONNECTORS: readonly DemoConnector[] = [
  { name: "Erik Solberg", organisation: "Former colleague at Brisk Labs", email: "erik@brisklabs.example", knownBy: 0 },
  { name: "Lena Berg", organisation: "Angel investor", email: "lena.berg@angels.example", knownBy: 0 },
  { name: "Sofia Lindqvist", organisation: "Founder of Vinterhus", email: "sofia@vinterhus.example", knownBy: 1 },
  { name: "Amir Haddad", organisation: "Operator in residence", email: "amir@operators.example", knownBy: 1 },
];

export type DemoIntro = {
  /** Position in the demo set (buildDemoInvestors' order). */
  index: number;
  connector: number;
  source: IntroSource;
  tier: PathTier | null;
  evidence: string;
  state: IntroState;
  askedOn: string | null;
};

export function buildDemoIntros(demo: readonly DemoInvestor[], now: Date): DemoIntro[] {
  const day = (days: number) => isoDay(now.getTime() - days * DAY_MS);
  const shortDay = (days: number) =>
    new Date(now.getTime() - days * DAY_MS).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  // The strongest of the not-yet-contacted first (fit and activity): a visitor's first screen of
  // Email first shows asks beside a cold email, not only after "Show all" (a walkthrough).
  const strength = (index: number) => (demo[index]?.signal_fit ?? 0) + (demo[index]?.signal_activity ?? 0);
  const cold = demo
    .flatMap((item, index) => (item.relationship_status === "not_contacted" && item.signal_red_flag === null && item.email ? [index] : []))
    .sort((a, b) => strength(b) - strength(a) || a - b);
  const requested = demo.flatMap((item, index) =>
    item.relationship_status === "intro_requested" && item.signal_red_flag === null ? [index] : [],
  );
  const contacted = demo.flatMap((item, index) => (item.relationship_status === "contacted" ? [index] : []));
  const withWhom = (index: number) => {
    const email = demo[index]?.email ?? "";
    return email.includes("@")
      ? email.toLowerCase()
      : `team@${(demo[index]?.firm ?? "fund").toLowerCase().replace(/[^a-z]+/g, "")}.example`;
  };
  const mailWords = (connector: number, index: number, threads: number, days: number) =>
    `${DEMO_CONNECTORS[connector]!.name} and ${withWhom(index)} were on ${threads === 1 ? "1 thread" : `${threads} threads`}, last ${shortDay(days)}, both wrote`;
  const intros: DemoIntro[] = [];
  const add = (index: number | undefined, intro: Omit<DemoIntro, "index">) => {
    if (index !== undefined) intros.push({ index, ...intro });
  };
  add(cold[1], {
    connector: 0,
    source: "import",
    tier: null,
    evidence: "ex-colleague, worked together for two years",
    state: "to_ask",
    askedOn: null,
  });
  add(cold[2], {
    connector: 1,
    source: "mail",
    tier: "strong",
    evidence: mailWords(1, cold[2] ?? 0, 5, 9),
    state: "to_ask",
    askedOn: null,
  });
  add(cold[4], {
    connector: 2,
    source: "mail",
    tier: "moderate",
    evidence: mailWords(2, cold[4] ?? 0, 2, 40),
    state: "to_ask",
    askedOn: null,
  });
  add(cold[7], {
    connector: 3,
    source: "mail",
    tier: "weak",
    evidence: mailWords(3, cold[7] ?? 0, 1, 200),
    state: "to_ask",
    askedOn: null,
  });
  add(requested[1], {
    connector: 0,
    source: "import",
    tier: null,
    evidence: "sits on their advisory board",
    state: "asked",
    askedOn: day(6),
  });
  add(requested[2], { connector: 2, source: "manual", tier: null, evidence: "", state: "agreed", askedOn: day(3) });
  add(contacted[0], {
    connector: 1,
    source: "mail",
    tier: "strong",
    evidence: mailWords(1, contacted[0] ?? 0, 4, 25),
    state: "introduced",
    askedOn: day(30),
  });
  return intros;
}
