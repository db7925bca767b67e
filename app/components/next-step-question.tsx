import { useFetcher } from "react-router";
import { shortDate, stepWords } from "../domain/follow-ups.ts";
import { NEXT_STEP_MISSING, type StepToAnswer } from "../domain/next-step-answer.ts";
import { NEXT_STEP_CHARS } from "../domain/investor.ts";

/**
 * "Is the next step done, and what is next?" (decision 053), asked where the founder acted: on
 * Today under "Recorded: you emailed …", on the investor page under "Saved" after a contact.
 * Two plain forms (so Enter in the step's field saves the step, never "done"), each a post that
 * works without JavaScript; with it, fetchers, and the page the answer lands on says what was kept.
 */
export function NextStepQuestion({
  id,
  name,
  step,
  error,
  action,
  undo,
  back,
  today,
}: {
  id: number;
  name: string;
  step: StepToAnswer;
  error: "missing" | "invalid" | null;
  action: string;
  undo: string | null;
  back: "today" | "investor";
  today: string;
}) {
  const done = useFetcher();
  const next = useFetcher();
  const now = new Date(`${today}T12:00:00Z`);
  const words = stepWords(step.text);
  const headingId = `next-step-question-${id}`;
  const hidden = (
    <>
      {undo ? <input type="hidden" name="undo" value={undo} /> : null}
      <input type="hidden" name="back" value={back} />
    </>
  );
  return (
    <section className="notice next-step-question" aria-labelledby={headingId}>
      <p id={headingId}>
        {words ? (
          <>
            Your next step with {name} was “{words}” ({shortDate(step.date, now)}). Is it done?
          </>
        ) : (
          <>
            Your next step with {name} was due {shortDate(step.date, now)}. Is it done, and what is next?
          </>
        )}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error === "missing" ? NEXT_STEP_MISSING : "That date could not be read: write it as YYYY-MM-DD."}
        </p>
      ) : null}
      <div className="next-step-forms">
        <done.Form method="post" action={action} className="next-step-done">
          {hidden}
          <input type="hidden" name="intent" value="done" />
          <button type="submit" className="button-small" disabled={done.state !== "idle"}>
            Done, nothing next
          </button>
        </done.Form>
        <next.Form method="post" action={action} className="next-step-next">
          {hidden}
          <input type="hidden" name="intent" value="next" />
          <label>
            Next step
            <input type="text" name="next_step" maxLength={NEXT_STEP_CHARS} required placeholder="Send the Q4 update" />
          </label>
          <label>
            By
            <input type="date" name="next_step_date" />
          </label>
          <button type="submit" className="button-small" disabled={next.state !== "idle"}>
            Save next step
          </button>
        </next.Form>
      </div>
    </section>
  );
}
