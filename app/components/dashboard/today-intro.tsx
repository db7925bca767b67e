import { Form, Link, useFetcher } from "react-router";
import { INTRO_NUDGE_DAYS, firstName } from "../../domain/intros.ts";
import { type WarmPath, askLine, isAsk, nudgeDue, pathEvidenceLine } from "../../domain/warm-path.ts";
import type { TodayAction } from "../../domain/today.ts";

/**
 * Warm paths on Today (docs/product.md#where-the-founder-looks, decision 065): an email-first row
 * with a connector to ask becomes "Ask Erik for an intro to Kristin Lund (Fjord Climate)", with
 * the evidence and the connector's draft; its quick action is "Asked". A nudge due (Follow-ups)
 * links the same draft and its action is "Nudged" (asked again today). Plain form posts.
 */

/** What Today says after "Asked" or its Undo (db/queries/warm-paths.server.ts introNotice). */
export type IntroNotice = {
  pathId: number;
  how: "asked" | "unasked";
  investorId: number;
  investor: string;
  person: string;
  state: string;
};

/** The connector's draft on the investor page (helper B's panel: `#intro-draft-<pathId>`). */
function draftHref(investorPath: string, investorId: number, pathId: number): string {
  return `${investorPath}/${investorId}#intro-draft-${pathId}`;
}

/** An email-first row's ask and evidence, in place of the cold reason; null when the row is cold. */
export function IntroAsk({
  row,
  investorPath,
}: {
  row: { id: number; name: string; firm: string | null; intro: WarmPath | null };
  investorPath: string;
}) {
  if (!isAsk(row.intro)) return null;
  return (
    <>
      <p className="today-reason today-ask">
        <strong>{askLine(row.intro, row)}</strong> ·{" "}
        <Link to={draftHref(investorPath, row.id, row.intro.path_id)}>the draft for {firstName(row.intro.person)}</Link>
      </p>
      <p className="today-hook today-path">{pathEvidenceLine(row.intro)}</p>
    </>
  );
}

/** A follow-up row that is a nudge to a connector: the draft to send them. */
export function NudgeDraftLink({
  row,
  investorPath,
  today,
}: {
  row: { id: number; intro: WarmPath | null };
  investorPath: string;
  today: string;
}) {
  const due = nudgeDue(row.intro, today);
  if (!due || !row.intro) return null;
  return (
    <p className="today-hook today-path">
      <Link to={draftHref(investorPath, row.id, row.intro.path_id)}>The draft for {firstName(due.person)}</Link>
    </p>
  );
}

/**
 * Whether the row's quick action is the intro's ("Asked", "Nudged") rather than "Emailed". The ask
 * is an email-first row's only: a follow-up is a conversation already under way (a next step due,
 * an email unanswered), where "Ask Erik for an intro" would contradict what the founder has done;
 * its intro action is the nudge alone.
 */
export function introAction(row: { intro: WarmPath | null }, today: string, list: TodayAction): "asked" | "nudged" | null {
  if (list === "dont_chase") return null;
  if (list === "email_first" && isAsk(row.intro)) return "asked";
  return nudgeDue(row.intro, today) ? "nudged" : null;
}

/** "Asked" (or "Nudged": asked again today): the intro marked asked through POST /investors/:id/intro-asked. */
export function AskedButton({
  row,
  kind,
  investorPath,
  mine = false,
}: {
  row: { id: number; name: string; intro: WarmPath | null };
  kind: "asked" | "nudged";
  investorPath: string;
  mine?: boolean;
}) {
  const fetcher = useFetcher();
  if (!row.intro?.person) return null;
  const busy = fetcher.state !== "idle";
  const who = firstName(row.intro.person);
  return (
    <fetcher.Form method="post" action={`${investorPath}/${row.id}/intro-asked${mine ? "?mine=1" : ""}`} className="today-emailed">
      <input type="hidden" name="path" value={row.intro.path_id} />
      <input type="hidden" name="state" value="asked" />
      <button
        type="submit"
        className="button-small"
        disabled={busy}
        aria-label={kind === "asked" ? `Asked ${who} for the intro to ${row.name}` : `Nudged ${who} about the intro to ${row.name}`}
      >
        {busy ? "Saving…" : kind === "asked" ? "Asked" : "Nudged"}
      </button>
    </fetcher.Form>
  );
}

/** "Recorded: you asked Erik for the intro to Kristin Lund." with Undo while it is still asked; or the Undo's word. */
export function IntroAskedNotice({
  notice,
  investorPath,
  mine = false,
}: {
  notice: IntroNotice | null | undefined;
  investorPath: string;
  /** Within "Mine" the Undo's answer comes back to Mine (decision 062). */
  mine?: boolean;
}) {
  if (!notice) return null;
  const who = firstName(notice.person);
  if (notice.how === "unasked") {
    return (
      <p className="notice notice-good today-notice" role="status">
        Undone: the intro to {notice.investor} is to ask of {who} again.
      </p>
    );
  }
  return (
    <div className="notice notice-good today-notice" role="status">
      <p>
        Recorded: you asked {who} for the intro to {notice.investor} today. If {who} has not answered in {INTRO_NUDGE_DAYS} days, Follow-ups
        due will say to nudge.
      </p>
      {notice.state === "asked" ? (
        <Form method="post" action={`${investorPath}/${notice.investorId}/intro-asked${mine ? "?mine=1" : ""}`}>
          <input type="hidden" name="path" value={notice.pathId} />
          <input type="hidden" name="state" value="to_ask" />
          <button type="submit" className="button-small" aria-label={`Undo: you did not ask ${who} yet`}>
            Undo
          </button>
        </Form>
      ) : null}
    </div>
  );
}
