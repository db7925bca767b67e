import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { ContactRow, EvidenceRow, InvestorRow } from "#db/queries/investors.server.ts";
import { type ScoreComponent, MAX_POINTS, RED_FLAG_PENALTY } from "../../domain/scoring.ts";
import { CONTACTS_PER_PAGE } from "../../domain/demo-bounds.ts";
import { founderErrors } from "../../domain/form-messages.ts";
import {
  ACTION_LABELS,
  RELATIONSHIP_STATUSES,
  STAGE_LABELS,
  STATUS_LABELS,
  type RecommendedAction,
  type Stage,
  isHttpUrl,
} from "../../domain/investor.ts";
import { INVESTOR_EDIT_WORDS, investorEditFormSchema } from "../../domain/investor-edit.ts";
import type { OutreachDraft } from "../../domain/outreach.ts";
import type { AmountRounds } from "../../domain/round.ts";
import { ActionBadge, DemoBadge, ScoreBar } from "../badges.tsx";
import { OutreachDraftView } from "../outreach-draft.tsx";
import { MoneyFields } from "./money-fields.tsx";
import { InvestorStanding } from "./standing.tsx";
import type { MailContactRow } from "#db/queries/mail.server.ts";
import type { Undone } from "../undo-notice.tsx";
import { MailList } from "./mail-list.tsx";
import { type ConflictView, EditConflictNotice } from "./edit-conflict.tsx";

export type EvidenceView = EvidenceRow & { weight: number; ageDays: number };

type Props = {
  investor: InvestorRow;
  evidence: EvidenceView[];
  /** One page of the contact history, newest first. */
  contacts: ContactRow[];
  /** Which page that is, of how many, and how many entries there are in all. */
  contactHistory?: { total: number; page: number; pages: number };
  halfLifeDays: number;
  lastResult?: unknown;
  saved?: boolean;
  outreach: OutreachDraft;
  startupScores?: StartupScoreView[];
  /** The rounds the amount may belong to ("For the round of", shown with two startups or more). */
  amountRounds?: AmountRounds;
  /** Whom the "Owner" select offers (decision 062); absent, the form has no owner field. */
  owners?: { id: number; name: string }[];
  /** Mail capture: this investor's mail contacts, newest first, and how many there are. */
  mail?: { rows: MailContactRow[]; total: number };
  /** How many emails a "Log" just recorded, to say so, the token that undoes it, and what the last undo did (decision 036). */
  logged?: number | null;
  undo?: string | null;
  undone?: Undone | null;
  /** YYYY-MM-DD, for the mail dates. */
  today?: string;
  /** Under "Saved" in Your notes: "is the next step done?" after a contact, or what its answer kept (decision 053). */
  afterSave?: React.ReactNode;
  /** The form's last save refused: a newer change clashed with it (decision 063), and the version to save against now. */
  conflict?: ConflictView & { version: number };
};

const COMPONENT_MAX: Record<string, number> = { ...MAX_POINTS, red_flag: RED_FLAG_PENALTY };

const SOURCE_LABELS: Record<string, string> = { news: "News", linkedin: "LinkedIn", web: "Web" };

/** The model's judgement of how much a page matters, in words rather than a decimal. */
function relevanceWords(relevance: number): string {
  if (relevance >= 0.7) return "highly relevant";
  if (relevance >= 0.4) return "somewhat relevant";
  return "barely relevant";
}

export type StartupScoreView = { startupId: number; startupName: string; score: number; action: RecommendedAction };

function ExternalLink({ href, children }: { href: string | null; children: React.ReactNode }) {
  if (!isHttpUrl(href)) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function SignalValue({ value, suffix = "" }: { value: string | number | null; suffix?: string }) {
  if (value === null || value === "") return <span className="muted">No data yet</span>;
  return (
    <>
      {value}
      {suffix}
    </>
  );
}

function ScoreWhy({ components, reason }: { components: ScoreComponent[]; reason: string }) {
  return (
    <div className="why-list">
      <table className="table">
        <tbody>
          {components.map((component) => (
            <tr key={component.key}>
              <th scope="row">{component.label}</th>
              <td className={component.points < 0 ? "points negative" : "points"}>
                {component.points > 0 ? "+" : ""}
                {component.points}
                <span className="muted"> / {COMPONENT_MAX[component.key] ?? "?"}</span>
              </td>
              <td className="muted">{component.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="action-reason">{reason}</p>
    </div>
  );
}

/**
 * Several startups, each number said for what it is (decisions 012 and 039): with a round raising
 * now, the investor's own score is that startup's (Today ranks by it) and the others name theirs;
 * with none raising now, the overall score counts the best fit over your startups.
 */
function StartupScores({ score, scores, raisingNow }: { score: number; scores: StartupScoreView[]; raisingNow: string | null }) {
  const others = scores.filter((entry) => entry.startupName !== raisingNow);
  return (
    <div className="startup-scores">
      <p className="score-line">
        <strong>{raisingNow ? `${score} for ${raisingNow}` : `${score} overall`}</strong>
        {others.map((entry) => (
          <span key={entry.startupId}>
            {" · "}
            <a href={`/startups/${entry.startupId}`}>
              {entry.score} for {entry.startupName}
            </a>{" "}
            <span className="muted">({ACTION_LABELS[entry.action]})</span>
          </span>
        ))}
      </p>
      <p className="muted small">
        {raisingNow
          ? `Today ranks by ${raisingNow}'s score, the round you are raising now. Another startup's score weighs the same facts with its own rubric, which you can change on its page.`
          : "The overall score ranks this investor for your whole raise, counting the best fit over your startups. A startup's score weighs the same facts with that startup's rubric, which you can change on its page."}
      </p>
    </div>
  );
}

export function InvestorDetail({
  investor,
  evidence,
  contacts,
  contactHistory,
  halfLifeDays,
  lastResult,
  saved,
  afterSave,
  outreach,
  startupScores = [],
  amountRounds,
  owners,
  mail,
  logged = null,
  undo = null,
  undone = null,
  today,
  conflict,
}: Props) {
  const raisingNow = amountRounds?.raisingNow ?? null;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: lastResult as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: investorEditFormSchema, ...founderErrors(INVESTOR_EDIT_WORDS) }),
    defaultValue: {
      relationship_status: investor.relationshipStatus,
      last_contact_date: investor.lastContactDate ?? "",
      personal_notes: investor.personalNotes ?? "",
      owner_member_id: investor.ownerMemberId === null ? "" : String(investor.ownerMemberId),
    },
  });
  const contact = fields.add_contact.getFieldset();
  const explained = investor.scoreExplained;

  return (
    <>
      <div className="page-head">
        <h1>
          {investor.name} {investor.isDemo ? <DemoBadge /> : null}
        </h1>
        <p className="muted">
          {[
            investor.firm,
            investor.kind,
            investor.stages.map((s) => STAGE_LABELS[s as Stage] ?? s).join(", "),
            investor.geographies.length > 0 ? `invests in ${investor.geographies.join(", ")}` : "",
            investor.basedIn ? `based in ${investor.basedIn}` : "",
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <p className="links">
          {isHttpUrl(investor.website) ? <ExternalLink href={investor.website}>Website</ExternalLink> : null}
          {isHttpUrl(investor.linkedinUrl) ? <ExternalLink href={investor.linkedinUrl}>LinkedIn</ExternalLink> : null}
          {investor.email ? <a href={`mailto:${investor.email}`}>{investor.email}</a> : null}
        </p>
      </div>
      <InvestorStanding
        investor={investor}
        formId="notes"
        notSaved={conflict ? "conflict" : (lastResult as { status?: string } | undefined)?.status === "error"}
      />

      <div className="detail-grid">
        <section className="panel" aria-labelledby="why-heading">
          <h2 id="why-heading">
            {startupScores.length < 2 ? "Score" : raisingNow ? `Score for ${raisingNow}` : "Overall score"}{" "}
            <ScoreBar score={investor.score} /> <ActionBadge action={investor.action} />
          </h2>
          {/* One score (decision 039): with one startup it is that startup's, the only number; with several, each names its startup. */}
          {startupScores.length > 1 ? <StartupScores score={investor.score} scores={startupScores} raisingNow={raisingNow} /> : null}
          {explained ? (
            <ScoreWhy components={explained.components} reason={explained.action_reason} />
          ) : (
            <p className="muted">Not scored yet.</p>
          )}
        </section>

        <section className="panel" aria-labelledby="signals-heading">
          <h2 id="signals-heading">Signals</h2>
          <dl className="signals">
            <dt>Activity</dt>
            <dd>
              <SignalValue value={investor.signalActivity} suffix=" / 100" />
            </dd>
            <dt>Fit</dt>
            <dd>
              <SignalValue value={investor.signalFit} suffix=" / 100" />
            </dd>
            <dt>Hook</dt>
            <dd>
              <SignalValue value={investor.signalHook} />
            </dd>
            <dt>Red flag</dt>
            <dd>
              {investor.signalRedFlag ? (
                <span className="red-flag">⚑ {investor.signalRedFlag}</span>
              ) : (
                <span className="muted">None found</span>
              )}
            </dd>
            <dt>Last checked</dt>
            <dd>{investor.signalsCheckedAt ? investor.signalsCheckedAt.slice(0, 10) : <span className="muted">Never</span>}</dd>
          </dl>
        </section>
      </div>

      <section className="panel" aria-labelledby="evidence-heading">
        <h2 id="evidence-heading">Evidence</h2>
        {evidence.length === 0 ? (
          <p className="muted">No evidence yet: a refresh looks for news from the last 30 days.</p>
        ) : (
          <ol className="timeline">
            {evidence.map((item) => (
              <li key={item.id} className={item.weight === 0 ? "faded" : undefined}>
                <div className="timeline-head">
                  <ExternalLink href={item.url}>{item.title || item.url}</ExternalLink>
                  {item.category ? (
                    <span className={`badge badge-cat-${item.category}`}>{item.category.replaceAll("_", " ")}</span>
                  ) : (
                    <span className="badge">not judged</span>
                  )}
                </div>
                {item.summary ? <p>{item.summary}</p> : item.excerpt ? <p className="muted">{item.excerpt}</p> : null}
                <p className="provenance muted">
                  {SOURCE_LABELS[item.source] ?? "Web"} · published {item.publishedAt ? item.publishedAt.slice(0, 10) : "date unknown"} ·
                  found {item.foundAt.slice(0, 10)}
                  {item.relevance === null ? " · not judged yet" : ` · ${relevanceWords(item.relevance)}`} ·{" "}
                  <span title={`News counts half as much every ${halfLifeDays} days, and nothing after 90 days.`}>
                    {item.weight === 0 ? "too old to count" : `counts ${Math.round(item.weight * 100)}% today`}
                  </span>
                  <span className="weight-track" aria-hidden="true">
                    <span style={{ width: `${Math.round(item.weight * 100)}%` }} />
                  </span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="panel" aria-labelledby="outreach-heading">
        <h2 id="outreach-heading">Outreach draft</h2>
        <OutreachDraftView draft={outreach} id={`outreach-${investor.id}`} />
      </section>

      <div className="detail-grid">
        <section className="panel" aria-labelledby="edit-heading" id="notes">
          <h2 id="edit-heading">Your notes</h2>
          {saved ? (
            <p className="saved" role="status">
              Saved.
            </p>
          ) : null}
          {afterSave}
          {conflict ? <EditConflictNotice conflict={conflict} id="notes-conflict" /> : null}
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="version" value={conflict?.version ?? investor.version} />
            <input type="hidden" name="original.relationship_status" value={investor.relationshipStatus} />
            <input type="hidden" name="original.last_contact_date" value={investor.lastContactDate ?? ""} />
            <input type="hidden" name="original.personal_notes" value={investor.personalNotes ?? ""} />
            <label htmlFor={fields.relationship_status.id}>Relationship status</label>
            <select {...getSelectProps(fields.relationship_status)}>
              {RELATIONSHIP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
            <FieldError errors={fields.relationship_status.errors} />

            {owners ? (
              <>
                <input type="hidden" name="original.owner_member_id" value={investor.ownerMemberId ?? ""} />
                <label htmlFor={fields.owner_member_id.id}>Owner</label>
                <select {...getSelectProps(fields.owner_member_id)}>
                  <option value="">Nobody</option>
                  {owners.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </select>
                <FieldError errors={fields.owner_member_id.errors} />
              </>
            ) : null}

            <label htmlFor={fields.last_contact_date.id}>Last contact</label>
            <input {...getInputProps(fields.last_contact_date, { type: "date" })} />
            <FieldError errors={fields.last_contact_date.errors} />

            <MoneyFields
              formId={form.id}
              investor={investor}
              rounds={amountRounds}
              status={fields.relationship_status.value}
              savedStatus={investor.relationshipStatus}
              typed={Object.fromEntries(
                (
                  [
                    "amount",
                    "amount_currency",
                    "amount_startup_id",
                    "next_step",
                    "next_step_date",
                    "meeting_date",
                    "pass_reason",
                    "pass_note",
                  ] as const
                ).map((name) => [name, fields[name].initialValue]),
              )}
              errors={{
                amount: fields.amount.errors,
                amount_currency: fields.amount_currency.errors,
                amount_startup_id: fields.amount_startup_id.errors,
                next_step: fields.next_step.errors,
                next_step_date: fields.next_step_date.errors,
                meeting_date: fields.meeting_date.errors,
                pass_reason: fields.pass_reason.errors,
                pass_note: fields.pass_note.errors,
              }}
            />

            <label htmlFor={fields.personal_notes.id}>Private notes</label>
            <textarea {...getTextareaProps(fields.personal_notes)} rows={4} />
            <FieldError errors={fields.personal_notes.errors} />

            <fieldset className="add-contact">
              <legend>Add a contact (optional)</legend>
              <div className="row">
                <div>
                  <label htmlFor={contact.date.id}>Date</label>
                  <input {...getInputProps(contact.date, { type: "date" })} />
                  <FieldError errors={contact.date.errors} />
                </div>
                <div>
                  <label htmlFor={contact.channel.id}>Channel</label>
                  <input {...getInputProps(contact.channel, { type: "text" })} placeholder="email, call, intro…" />
                  <FieldError errors={contact.channel.errors} />
                </div>
              </div>
              <label htmlFor={contact.note.id}>Note</label>
              <input {...getInputProps(contact.note, { type: "text" })} placeholder="What happened" />
              <FieldError errors={contact.note.errors ?? fields.add_contact.errors} />
            </fieldset>
            {form.errors ? (
              <p className="form-error" role="alert">
                {form.errors[0]}
              </p>
            ) : null}
            <button type="submit" className="button-primary" disabled={navigation.state === "submitting"}>
              Save
            </button>
          </Form>
        </section>

        <section className="panel" aria-labelledby="history-heading" id="history">
          <h2 id="history-heading">Contact history</h2>
          {contacts.length === 0 ? (
            <p className="muted">No contact recorded yet.</p>
          ) : (
            <ul className="history">
              {contacts.map((entry) => (
                <li key={entry.id}>
                  <span className="muted">
                    {entry.date ?? "undated"}
                    {entry.channel ? ` · ${entry.channel}` : ""}
                  </span>
                  <p>{entry.note}</p>
                </li>
              ))}
            </ul>
          )}
          {contactHistory && contactHistory.pages > 1 ? <HistoryPages {...contactHistory} shown={contacts.length} /> : null}
        </section>

        {mail && (mail.total > 0 || logged !== null || undone !== null) ? (
          <MailList
            investor={investor}
            mail={mail}
            logged={logged}
            undo={undo}
            undone={undone}
            now={new Date(`${today ?? new Date().toISOString().slice(0, 10)}T12:00:00Z`)}
          />
        ) : null}
      </div>
    </>
  );
}

function FieldError({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return <p className="field-error">{errors[0]}</p>;
}

/** Plain GET links between pages of the contact history (they work without JavaScript). */
function HistoryPages({ total, page, pages, shown }: { total: number; page: number; pages: number; shown: number }) {
  const first = (page - 1) * CONTACTS_PER_PAGE;
  return (
    <nav className="history-pages" aria-label="Contact history pages">
      <span className="muted">{`${first + 1}–${first + shown} of ${total}`}</span>
      {page > 1 ? (
        <Link to={`?history=${page - 1}#history`} preventScrollReset>
          ← Newer
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={`?history=${page + 1}#history`} preventScrollReset>
          Older →
        </Link>
      ) : null}
    </nav>
  );
}
