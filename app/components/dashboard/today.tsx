import { Fragment } from "react";
import { Link, useFetcher } from "react-router";
import type { TodayRow } from "#db/queries/today.server.ts";
import { STATUS_LABELS } from "../../domain/investor.ts";
import { type TodayAction, type TodayLists, overdueText } from "../../domain/today.ts";
import { loggedText } from "../../domain/mail-today.ts";
import { EmailsToLog, RepliesWaiting, type TodayMail } from "./today-mail.tsx";
import { TieNote } from "./tie-note.tsx";
import { AskedButton, IntroAsk, type IntroNotice, IntroAskedNotice, NudgeDraftLink, introAction } from "./today-intro.tsx";
import { JustBelowLine, type ScoredFor } from "./just-below-line.tsx";
import { type Undone, UndoNotice, emailedRecord, loggedRecord } from "../undo-notice.tsx";
import { NextStepQuestion } from "../next-step-question.tsx";
import { type Answered, type StepToAnswer, answeredText } from "../../domain/next-step-answer.ts";

export type TodayData = {
  /** The investor just marked "Emailed", to say so. */
  emailed: string | null;
  /** The token that undoes that "Emailed" or "Log", and what the last undo did (app/components/undo-notice.tsx). */
  undo: string | null;
  undone: Undone | null;
  /** How many emails the last "Log" recorded, to say so. */
  logged: number | null;
  /** After "Emailed": the next step it acted on, asked about until answered; and what an answer left (decision 053). */
  ask?: { id: number; step: StepToAnswer; error: "missing" | "invalid" | null } | null;
  answered?: Answered | null;
  /** Mail capture's two sections: replies waiting on the founder, and emails to log. */
  mail: TodayMail;
  lists: TodayLists<TodayRow>;
  counts: Record<TodayAction, number>;
  /** The list shown whole ("show all"), if any. */
  expanded: TodayAction | null;
  shown: number;
  today: string;
  followUpAfterDays: number;
  hasStartups: boolean;
  /** The round raising now whose rubric scores every investor (decision 039), and its email-first line; null: the overall score. */
  scoredFor?: ScoredFor | null;
  researchCount: number;
  /** The intro just marked asked, or put back by its Undo (decision 065). */
  introAsked?: IntroNotice | null;
};

const TITLES: Record<TodayAction, string> = {
  email_first: "Email first",
  follow_up: "Follow-ups due",
  dont_chase: "Don't chase",
};

/**
 * "Today" (docs/product.md#pages): the answer to the founder's three morning questions before any table, each
 * list in the docs/product.md#scoring-and-actions order, short, with the reason on every row and a one-click "Emailed".
 */
export function Today({
  data,
  basePath,
  investorPath,
  mine = false,
  filter,
}: {
  data: TodayData;
  basePath: string;
  investorPath: string;
  /** "Mine" (decision 062): its "show all" links keep it. */
  mine?: boolean;
  /** "Mine / Everyone", on the first list's heading line: no line of its own above the first investor on a phone. */
  filter?: React.ReactNode;
}) {
  const now = new Date(`${data.today}T12:00:00Z`);
  return (
    <section className="today" id="today" aria-labelledby="today-heading">
      <h2 id="today-heading" className="visually-hidden">
        Today
      </h2>
      <UndoNotice
        recorded={
          data.emailed
            ? emailedRecord(data.emailed, data.answered ? answeredText(data.answered, now) : undefined)
            : data.logged
              ? loggedRecord(data.logged)
              : null
        }
        undo={data.undo}
        undone={data.undone}
        undoPath={basePath === "/" ? "/undo" : `${basePath}/undo`}
      />
      <IntroAskedNotice notice={data.introAsked} investorPath={investorPath} mine={mine} />
      {data.ask && data.emailed ? (
        <NextStepQuestion
          id={data.ask.id}
          name={data.emailed}
          step={data.ask.step}
          error={data.ask.error}
          action={`${investorPath}/${data.ask.id}/next-step`}
          undo={data.undo}
          back="today"
          today={data.today}
        />
      ) : null}
      {data.logged === 0 ? (
        <p className="notice notice-good today-notice" role="status">
          {loggedText(0)}
        </p>
      ) : null}
      {(["email_first", "follow_up", "dont_chase"] as const).map((action) => {
        const rows = data.lists[action];
        const total = data.counts[action];
        const headingId = `today-${action}`;
        return (
          <Fragment key={action}>
            {action === "follow_up" ? <RepliesWaiting mail={data.mail} now={now} investorPath={investorPath} /> : null}
            <section className={`panel today-list today-${action}`} aria-labelledby={headingId}>
              <div className="today-list-head">
                <h3 id={headingId}>
                  {TITLES[action]} <span className="today-count">{total}</span>
                </h3>
                {action === "email_first" ? filter : null}
              </div>
              {action === "email_first" && data.scoredFor ? (
                <p className="muted small today-scored-for">
                  Scores for {data.scoredFor.startup}, as on its page: email first at {data.scoredFor.emailFirstAt} or more.
                </p>
              ) : null}
              {rows.length === 0 ? (
                <p className="muted">{emptyText(action, data, basePath)}</p>
              ) : (
                <ol className="today-rows">
                  {rows.map((row, index) => {
                    const intro = introAction(row, data.today, action);
                    return (
                      <li key={row.id} className="today-row">
                        {/* A scored row keeps "score 45" beside the name, and the firm on the line under it (app.css). */}
                        <div className={action === "dont_chase" ? "today-who" : "today-who today-who-scored"}>
                          <Link to={`${investorPath}/${row.id}`} className="today-name">
                            {row.name}
                          </Link>
                          {action !== "dont_chase" ? (
                            <span
                              className="today-score"
                              title={data.scoredFor ? `Score for ${data.scoredFor.startup}, 0–100` : "Overall score, 0–100"}
                            >
                              score {row.score}
                            </span>
                          ) : null}
                          {row.firm && row.firm !== row.name ? (
                            <span className="muted today-firm">{action === "dont_chase" ? ` · ${row.firm}` : row.firm}</span>
                          ) : null}
                        </div>
                        {intro === "asked" ? <IntroAsk row={row} investorPath={investorPath} /> : null}
                        <p className={intro === "asked" ? "today-reason muted" : "today-reason"}>
                          {action === "follow_up" ? (
                            <>
                              {/* Whose follow-up it is (decision 062): "Jonas · Next step due today". */}
                              {row.owner ? <span className="today-owner">{row.owner} · </span> : null}
                              <strong>{overdueText(row, now, data.followUpAfterDays)}</strong> · {STATUS_LABELS[row.relationship_status]}
                            </>
                          ) : (
                            row.reason
                          )}
                          {action === "email_first" ? <TieNote rows={rows} index={index} /> : null}
                        </p>
                        {action === "email_first" && row.signal_hook ? <p className="today-hook">{row.signal_hook}</p> : null}
                        {intro === "nudged" ? <NudgeDraftLink row={row} investorPath={investorPath} today={data.today} /> : null}
                        {intro ? (
                          <AskedButton row={row} kind={intro} investorPath={investorPath} mine={mine} />
                        ) : action !== "dont_chase" ? (
                          <EmailedButton id={row.id} name={row.name} investorPath={investorPath} mine={mine} />
                        ) : null}
                      </li>
                    );
                  })}
                </ol>
              )}
              {total > rows.length ? (
                <p className="today-more">
                  <Link to={`${basePath}?${mine ? "mine=1&" : ""}all=${action}#today-${action}`}>Show all {total}</Link>
                </p>
              ) : data.expanded === action && total > data.shown ? (
                <p className="today-more">
                  <Link to={`${basePath}${mine ? "?mine=1" : ""}#today`}>Show fewer</Link>
                </p>
              ) : null}
              {action === "email_first" && data.scoredFor ? <JustBelowLine scoredFor={data.scoredFor} basePath={basePath} /> : null}
            </section>
          </Fragment>
        );
      })}
      <EmailsToLog mail={data.mail} now={now} basePath={basePath} investorPath={investorPath} />
    </section>
  );
}

function emptyText(action: TodayAction, data: TodayData, basePath: string): React.ReactNode {
  if (action === "email_first") {
    if (!data.hasStartups && data.researchCount > 0) {
      return (
        <>
          Nobody yet: <Link to="/startups/new">add the startup you are raising for</Link> and every investor's declared sectors, stages,
          geography and cheque size are matched against it.
        </>
      );
    }
    if (data.researchCount > 0) {
      // A list of names only: nothing to rank them by yet, which the founder can change.
      const many = data.researchCount !== 1;
      return (
        <>
          Nobody to email first today. {data.researchCount.toLocaleString("en-US")} {many ? "investors are" : "investor is"} too little
          known to judge: <Link to={`${basePath}?action=research#investors`}>{many ? "see them" : "see it"}</Link> and add{" "}
          {many ? "their" : "its"} sectors, stages and cheque size, or import your list again with those columns.
        </>
      );
    }
    return "Nobody to email first today.";
  }
  if (action === "follow_up") return "No follow-ups due.";
  return "Nobody to stay away from.";
}

/** Records the email through the investor edit; a plain form post without JavaScript. */
function EmailedButton({ id, name, investorPath, mine = false }: { id: number; name: string; investorPath: string; mine?: boolean }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    // Within "Mine" the answer comes back to Mine (decision 062).
    <fetcher.Form method="post" action={`${investorPath}/${id}/emailed${mine ? "?mine=1" : ""}`} className="today-emailed">
      <button type="submit" className="button-small" disabled={busy} aria-label={`Emailed ${name}`}>
        {busy ? "Saving…" : "Emailed"}
      </button>
    </fetcher.Form>
  );
}
