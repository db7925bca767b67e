import { Form } from "react-router";

/**
 * Today's line while an import is being saved (possibly from another tab or device): the list
 * below is still filling in, so its counts and rankings are not the whole file yet.
 */
export function ImportInProgress({ progress }: { progress: { saved: number; total: number } | null }) {
  if (!progress) return null;
  const number = (n: number) => n.toLocaleString("en-US");
  return (
    <p className="notice import-in-progress" role="status">
      An import is being saved: {number(progress.saved)} of {number(progress.total)} rows so far. The lists below fill in as it goes; reload
      in a moment for the rest.
    </p>
  );
}

/** Where "Dismiss" on ImportStopped goes back to: the page it was shown on. */
export type StoppedShownOn = "today" | "import";

/**
 * Today's (and the import page's) line after an import of more than one chunk stopped part-way
 * (a restart, a crash, an error): its rows up to a whole chunk are saved and scored, the rest are
 * not, and importing the same file again adds them. "Dismiss" (a plain form post) forgets them.
 */
export function ImportStopped({
  stopped,
  on,
}: {
  stopped: ReadonlyArray<{ file: string; saved: number; total: number }> | null;
  on: StoppedShownOn;
}) {
  if (!stopped || stopped.length === 0) return null;
  const number = (n: number) => n.toLocaleString("en-US");
  return (
    <div className="notice notice-info import-stopped">
      {stopped.map((line) => (
        <p key={line.file}>
          The import of “{line.file}” stopped part-way: {number(line.saved)} of {number(line.total)} rows were saved.
        </p>
      ))}
      <p>
        To add the rest,{" "}
        {on === "import" ? "choose the same file below and import it" : <a href="/investors/import">import the same file again</a>}: the
        rows already saved are recognised and left as they are.
      </p>
      <Form method="post" action="/investors/import/stopped">
        <input type="hidden" name="on" value={on} />
        <button type="submit" className="button-quiet">
          Dismiss
        </button>
      </Form>
    </div>
  );
}
