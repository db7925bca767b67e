import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import type { IntroDraft } from "../../domain/intro-draft.ts";
import { FORWARDABLE_LINE } from "../../domain/intro-draft.ts";
import { INTRO_STATE_LABELS, INTRO_STATES, type IntroPath, type IntroState } from "../../domain/intros.ts";
import { formatContactDate } from "../../domain/outreach.ts";
import { FieldError } from "./profile-form.tsx";

export type IntroPathView = IntroPath & { draft: IntroDraft | null };

const SOURCE_WORDS: Record<IntroPath["source"], string> = { import: "from your sheet", manual: "added by hand", mail: "from mail" };
const BUTTON_WORDS: Record<IntroState, string> = {
  to_ask: "Back to to ask",
  asked: "Mark asked",
  agreed: "Mark agreed",
  introduced: "Mark introduced",
  declined: "Mark declined",
};

/**
 * The "Intro paths" panel (docs/product.md#warm-intros, decision 065): who can introduce the team
 * to this investor, through whom, where the app learned it, the intro's state with its date, the
 * draft to the connector (anchor `#intro-draft-<id>`: Today links to it), and plain forms to add
 * a path, move an intro and remove a path — each a POST that works without JavaScript.
 */
export function IntroPathsPanel({
  paths,
  members,
  today,
  lastResult,
  stateError,
  saved,
  inTouch,
}: {
  paths: IntroPathView[];
  members: Array<{ id: number; name: string }>;
  today: string;
  lastResult?: unknown;
  /** A state form refused (its path and the sentence). */
  stateError?: { pathId: number; message: string };
  saved: string | null;
  /** The investor's status in words when the team is already in touch (contacted or further): no intro is asked then. */
  inTouch?: string;
}) {
  const now = new Date(`${today}T12:00:00Z`);
  const settled = settledSentence(paths, inTouch);
  return (
    <section className="panel intro-paths" aria-labelledby="intro-paths-heading" id="intro-paths">
      <h2 id="intro-paths-heading">Intro paths</h2>
      {saved ? (
        <p className="saved" role="status">
          {saved}
        </p>
      ) : null}
      {paths.length === 0 ? (
        <p className="muted">No one yet. Add who can introduce you below, or import a sheet with an Intro via column.</p>
      ) : (
        <ul className="intro-path-list">
          {paths.map((path) => (
            <IntroPathItem
              key={path.id}
              path={path}
              now={now}
              settled={path.state === "introduced" ? undefined : settled}
              error={stateError?.pathId === path.id ? stateError.message : undefined}
            />
          ))}
        </ul>
      )}
      <AddIntroPath members={members} lastResult={lastResult} />
    </section>
  );
}

/**
 * Why no intro is to be asked on this page, said on each path not introduced itself (its draft
 * then closed): one path made the introduction (a walkthrough saw the others' asks still open), or
 * the team is already in touch (a walkthrough saw an intro offered with the call booked).
 */
export function settledSentence(paths: readonly IntroPath[], inTouch: string | undefined): string | undefined {
  const introduced = paths.find((path) => path.state === "introduced");
  if (introduced) return `Already introduced through ${whoWords(introduced)}: nothing to ask here.`;
  return inTouch ? `Already in touch (${inTouch}): nothing to ask here.` : undefined;
}

function whoWords(path: IntroPath): string {
  if (!path.person) return path.member ? `${path.member.name}'s own mail with them` : "Your own mail with them";
  return path.person.organisation ? `${path.person.name} (${path.person.organisation})` : path.person.name;
}

function stateWords(path: IntroPath, now: Date): string {
  const label = INTRO_STATE_LABELS[path.state];
  if (path.state === "asked" && path.asked_on)
    return `${label} on ${formatContactDate(path.asked_on, now)}${path.state_by ? ` by ${path.state_by}` : ""}`;
  if (!path.state_at) return label;
  return `${label} since ${formatContactDate(path.state_at.slice(0, 10), now)}${path.state_by ? ` (${path.state_by})` : ""}`;
}

function IntroPathItem({ path, now, error, settled }: { path: IntroPathView; now: Date; error?: string; settled?: string }) {
  const through = path.person && path.member ? ` · through ${path.member.name}` : "";
  const tier = path.tier ? ` · ${path.tier}` : "";
  const open = settled === undefined && (path.state === "to_ask" || (path.draft?.note.startsWith("Nudge") ?? false));
  return (
    <li className="intro-path" id={`intro-path-${path.id}`}>
      <p>
        <strong>{whoWords(path)}</strong>
        <span className="muted">{`${through} · ${SOURCE_WORDS[path.source]}${tier}`}</span>
      </p>
      {path.evidence ? <p className="muted small">{`“${path.evidence}”`}</p> : null}
      <p>
        <span className={`intro-state intro-state-${path.state}`}>{stateWords(path, now)}</span>
      </p>
      {settled ? <p className="muted small intro-settled">{settled}</p> : null}
      <Form method="post" preventScrollReset className="intro-state-form" aria-label={`Move the intro through ${whoWords(path)}`}>
        <input type="hidden" name="intent" value="intro_state" />
        <input type="hidden" name="path_id" value={path.id} />
        {path.state === "introduced" ? null : (
          <fieldset className="intro-introduced">
            <legend>When you mark it introduced, the investor's status</legend>
            <label className="inline">
              <input type="radio" name="investor_status" value="keep" defaultChecked /> stays as it is
            </label>
            <label className="inline">
              <input type="radio" name="investor_status" value="intro_requested" /> moves to Intro requested
            </label>
            <label className="inline">
              <input type="radio" name="investor_status" value="contacted" /> moves to Contacted
            </label>
          </fieldset>
        )}
        <div className="button-row">
          {INTRO_STATES.filter((state) => state !== path.state).map((state) => (
            <button key={state} type="submit" name="state" value={state} className="button-secondary">
              {BUTTON_WORDS[state]}
            </button>
          ))}
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </Form>
      {path.draft ? <ConnectorDraft pathId={path.id} draft={path.draft} open={open} /> : null}
      <Form method="post" preventScrollReset className="intro-remove-form">
        <input type="hidden" name="intent" value="intro_remove" />
        <input type="hidden" name="path_id" value={path.id} />
        <button type="submit" className="button-link">{`Remove ${path.person?.name ?? "this path"}`}</button>
      </Form>
    </li>
  );
}

/** The ask and, apart, the paragraph to forward; a mailto: to the connector when their address is known. */
function ConnectorDraft({ pathId, draft, open }: { pathId: number; draft: IntroDraft; open: boolean }) {
  return (
    <details className="intro-draft" id={`intro-draft-${pathId}`} open={open}>
      <summary>{`Draft to ${draft.connector}`}</summary>
      <p className="muted">{draft.note}</p>
      <p>
        <strong>Subject:</strong> {draft.subject}
      </p>
      <pre className="draft-body">{draft.ask}</pre>
      <p className="muted small">{FORWARDABLE_LINE}</p>
      <pre className="draft-body intro-forwardable">{draft.forwardable}</pre>
      <p>
        <a className="button-secondary" href={draft.mailto}>
          {draft.to ? `Open in your mail app, to ${draft.to}` : "Open in your mail app (add their address)"}
        </a>
      </p>
    </details>
  );
}

function AddIntroPath({ members, lastResult }: { members: Array<{ id: number; name: string }>; lastResult?: unknown }) {
  const [form, fields] = useForm<{ name: string; email: string; organisation: string; member_id: string }>({
    id: "intro-add-form",
    lastResult: lastResult as never,
  });
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="intro-add-form">
      <h3>Add someone who can introduce you</h3>
      <input type="hidden" name="intent" value="intro_add" />
      <div>
        <label htmlFor={fields.name.id}>Name</label>
        <input {...getInputProps(fields.name, { type: "text" })} placeholder="Erik Solberg" autoComplete="off" />
        <FieldError errors={fields.name.errors} />
      </div>
      <div>
        <label htmlFor={fields.email.id}>Email (optional)</label>
        <input {...getInputProps(fields.email, { type: "email" })} placeholder="erik@example.com" autoComplete="off" />
        <FieldError errors={fields.email.errors} />
      </div>
      <div>
        <label htmlFor={fields.organisation.id}>Organisation (optional)</label>
        <input {...getInputProps(fields.organisation, { type: "text" })} placeholder="Nordic Angels" autoComplete="off" />
        <FieldError errors={fields.organisation.errors} />
      </div>
      {members.length > 0 ? (
        <div>
          <label htmlFor={fields.member_id.id}>Who knows them</label>
          <select {...getSelectProps(fields.member_id)}>
            <option value="">You</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
          <FieldError errors={fields.member_id.errors} />
        </div>
      ) : null}
      {form.errors ? (
        <p className="form-error" role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <button type="submit" className="button-primary">
        Add path
      </button>
    </Form>
  );
}
