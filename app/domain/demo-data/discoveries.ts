import type { Stage } from "../vocabulary.ts";
import { investorKey } from "../discovery/names.ts";

/**
 * The demo's synthetic discoveries (docs/product.md#discovery): a few funding rounds of the last
 * weeks naming firms the demo pipeline does not hold, so /demo/discover shows a ranked list with
 * no sources configured. Pure: dates count back from `now`; invented companies and firms only.
 */

export type DemoDeal = {
  company: string;
  companyKey: string;
  amount: number;
  stage: Stage;
  sectors: string[];
  geography: string;
  announcedOn: string;
  sourceUrl: string;
  investors: Array<{ key: string; name: string; role: "lead" | "participant" }>;
};

const ROUNDS: ReadonlyArray<{
  company: string;
  amount: number;
  stage: Stage;
  sector: string;
  geography: string;
  daysAgo: number;
  leads: string[];
  participants: string[];
}> = [
  {
    company: "Finlo",
    amount: 3_000_000,
    stage: "seed",
    sector: "fintech",
    geography: "Berlin",
    daysAgo: 3,
    leads: ["Larkspur Ventures"],
    participants: ["Quillfield Capital", "Ostra Angels"],
  },
  {
    company: "Carbonledger",
    amount: 1_500_000,
    stage: "pre_seed",
    sector: "climate",
    geography: "Paris",
    daysAgo: 5,
    leads: ["Quillfield Capital"],
    participants: ["Tidewater Partners"],
  },
  {
    company: "Mendwise",
    amount: 6_000_000,
    stage: "seed",
    sector: "health",
    geography: "London",
    daysAgo: 9,
    leads: ["Harbor Lane VC"],
    participants: ["Larkspur Ventures"],
  },
  {
    company: "Packetry",
    amount: 18_000_000,
    stage: "series_a",
    sector: "developer tools",
    geography: "Amsterdam",
    daysAgo: 20,
    leads: ["Northgate Growth"],
    participants: ["Tidewater Partners"],
  },
];

export function buildDemoDeals(now: Date): DemoDeal[] {
  return ROUNDS.map((round) => ({
    company: round.company,
    companyKey: investorKey(round.company),
    amount: round.amount,
    stage: round.stage,
    sectors: [round.sector],
    geography: round.geography,
    announcedOn: new Date(now.getTime() - round.daysAgo * 86_400_000).toISOString().slice(0, 10),
    sourceUrl: `https://news.example.com/demo/${investorKey(round.company).replaceAll(" ", "-")}`,
    investors: [
      ...round.leads.map((name) => ({ key: investorKey(name), name, role: "lead" as const })),
      ...round.participants.map((name) => ({ key: investorKey(name), name, role: "participant" as const })),
    ],
  }));
}
