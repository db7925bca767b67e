import type { AppDatabase } from "../database.server.ts";
import { WARM_PATH_SQL } from "./today.server.ts";
import type { RecommendedAction, RelationshipStatus } from "#app/domain/investor.ts";

export type BriefingInvestor = {
  id: number;
  name: string;
  firm: string | null;
  score: number;
  action: RecommendedAction;
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  /** A follow-up's next step date: Today's order puts the founder's own steps first. */
  next_step_date: string | null;
  /** The chat's week (app/domain/chat/week.ts): the founder's next step and a meeting's date. */
  next_step: string | null;
  meeting_date: string | null;
  signal_hook: string | null;
  signal_red_flag: string | null;
  sectors: string[];
  stages: string[];
  geographies: string[];
  /** When the hook's news appeared, and when the current action was given: Today's order. */
  hook_at: string | null;
  action_since: string | null;
  amount: number | null;
  amount_currency: string | null;
  /** Today's tie-breaks (app/domain/today.ts): the fit, a warm path (graded: warmRank), the cheque's closeness. */
  fit: number | null;
  warm: number;
  cheque: number | null;
  /** The owner's name (decision 062): "what does Jonas have due?". */
  owner: string | null;
};

/**
 * The investors of one side (real or demo, never both) as the digest and the chat read them.
 * Personal notes are left out on purpose: they never leave the app in a message or a prompt.
 */
export function investorsForBriefing(db: AppDatabase, demo: boolean): BriefingInvestor[] {
  const rows = db.$client
    .prepare(
      `select i.id, i.name, i.firm, i.score, i.action, i.relationship_status, i.last_contact_date, i.next_step_date, i.next_step, i.meeting_date, i.signal_hook,
              i.signal_red_flag, i.sectors, i.stages, i.geographies, coalesce(e.published_at, e.found_at) as hook_at, i.action_since,
              i.amount, i.amount_currency, i.signal_fit as fit, ${WARM_PATH_SQL} as warm, i.fit_cheque as cheque,
              (select o.name from members o where o.id = i.owner_member_id) as owner
       from investors i left join evidence e on e.id = i.signal_hook_evidence_id
       where i.is_demo = ? order by i.score desc, i.id`,
    )
    .all(demo ? 1 : 0) as Array<
    Omit<BriefingInvestor, "sectors" | "stages" | "geographies"> & { sectors: string; stages: string; geographies: string }
  >;
  return rows.map((row) => ({
    ...row,
    sectors: parseList(row.sectors),
    stages: parseList(row.stages),
    geographies: parseList(row.geographies),
  }));
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
