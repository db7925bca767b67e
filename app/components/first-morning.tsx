import { Link } from "react-router";
import type { FirstMorningStep } from "../domain/first-morning.ts";

/** The formats the import reads, as the import page says them (app/routes/investor-import.tsx). */
export const IMPORT_FORMATS = "a CSV (comma, semicolon or tab separated) or an Excel .xlsx, up to 20,000 rows and 10 MB";
export const SAMPLE_CSV_PATH = "/investors/import/sample.csv";

/**
 * Today's guide on a new pipeline (docs/product.md#today-and-emailed): the three steps in order,
 * each ticked once the pipeline shows it done, gone once all are. Plain links: it works without
 * JavaScript.
 */
export function FirstMorning({ guide }: { guide: { steps: FirstMorningStep[] } | null }) {
  if (!guide) return null;
  const done = new Map(guide.steps.map((step) => [step.key, step.done]));
  if (done.get("startup") && done.get("import")) {
    // Only "read Today" is left, and Today is right below: one line, so on a phone the first
    // investor to email is not pushed two screens down by a guide whose steps are done.
    return (
      <p className="notice notice-info first-morning-last" role="status">
        Your startup and list are in. Last step: read Today below; press "Emailed" or "Asked" once you write.
      </p>
    );
  }
  return (
    <section className="panel first-morning" aria-labelledby="first-morning-heading">
      <h2 id="first-morning-heading">Your first morning, in three steps</h2>
      <ol className="first-morning-steps">
        <Step done={done.get("startup") ?? false} title="Add the startup you are raising for">
          <Link to="/startups/new">Add your startup</Link>: its sector, stage, place and round are what "Email first" ranks investors
          against.
        </Step>
        <Step done={done.get("import") ?? false} title="Import your list">
          <Link to="/investors/import">Import your investors</Link> from {IMPORT_FORMATS}. No list yet? Start from the{" "}
          <a href={SAMPLE_CSV_PATH} download>
            sample CSV
          </a>
          , or <Link to="/investors/new">add investors one by one</Link>.
        </Step>
        <Step done={done.get("today") ?? false} title="Read Today">
          {done.get("import") ? <Link to="/#today">Today</Link> : "Today"} answers who to email first, which follow-ups are due and whom not
          to chase. Press "Emailed" once you have written to someone (or "Asked" once you have asked for an intro), and this guide goes
          away.
        </Step>
      </ol>
    </section>
  );
}

function Step({ done, title, children }: { done: boolean; title: string; children: React.ReactNode }) {
  return (
    <li className={done ? "first-morning-step done" : "first-morning-step"}>
      <span className="first-morning-tick" aria-hidden="true">
        {done ? "✓" : ""}
      </span>
      <div>
        <strong>{title}</strong> <span className="visually-hidden">{done ? "(done)" : "(to do)"}</span>
        <p>{children}</p>
      </div>
    </li>
  );
}
