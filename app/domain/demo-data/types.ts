import type { DemoMoney } from "./round.ts";
import type { EvidenceCategory, InvestorKind, RelationshipStatus, Stage } from "../vocabulary.ts";

/** The rows the demo writes (app/jobs/demo.server.ts) and what a simulated refresh reads and answers. */

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
} & DemoMoney;

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
