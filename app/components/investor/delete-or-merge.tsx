import { Form, useNavigation } from "react-router";

export type MergeCandidate = { id: number; name: string; firm: string | null };

/**
 * Delete and merge (decision 026), each confirmed by a box to tick, so a stray click never takes
 * an investor away and the same form works without JavaScript. The merge finds the other
 * investor by a name search (a GET form on this page), then asks which one.
 */
export function DeleteOrMerge({
  investor,
  query,
  candidates,
  error,
}: {
  investor: { id: number; name: string };
  query: string;
  candidates: MergeCandidate[];
  error?: { form: "delete" | "merge"; message: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="detail-grid">
      <section className="panel" aria-labelledby="merge-heading" id="merge">
        <h2 id="merge-heading">Merge a duplicate into this investor</h2>
        <p className="muted small">
          {investor.name} stays, with the other's contact history, evidence, mail and notes; its empty fields are filled from the other's,
          and the other is deleted.
        </p>
        <Form method="get" preventScrollReset>
          <label htmlFor="merge-query">Find the other investor by name, firm or email</label>
          <input id="merge-query" name="merge_query" type="search" defaultValue={query} />
          <button type="submit">Find</button>
        </Form>
        {query && candidates.length === 0 ? <p className="muted">No other investor matches “{query}”.</p> : null}
        {candidates.length > 0 ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="merge" />
            <fieldset>
              <legend>Merge which one into {investor.name}?</legend>
              {candidates.map((candidate, index) => (
                <label key={candidate.id} className="inline">
                  <input type="radio" name="other_id" value={candidate.id} defaultChecked={index === 0} /> {candidate.name}
                  {candidate.firm ? <span className="muted"> · {candidate.firm}</span> : null}
                  <span className="muted"> · #{candidate.id}</span>
                </label>
              ))}
            </fieldset>
            <label className="inline">
              <input type="checkbox" name="confirm" value="yes" /> Yes, merge it into {investor.name} and delete it
            </label>
            {error?.form === "merge" ? (
              <p className="form-error" role="alert">
                {error.message}
              </p>
            ) : null}
            <button type="submit" disabled={busy}>
              Merge
            </button>
          </Form>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="delete-heading" id="delete">
        <h2 id="delete-heading">Delete this investor</h2>
        <p className="muted small">Their evidence, contact history, mail contacts and scores go too. This cannot be undone.</p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <label className="inline">
            <input type="checkbox" name="confirm" value="yes" /> Yes, delete {investor.name} and everything about them
          </label>
          {error?.form === "delete" ? (
            <p className="form-error" role="alert">
              {error.message}
            </p>
          ) : null}
          <button type="submit" className="button-danger" disabled={busy}>
            Delete investor
          </button>
        </Form>
      </section>
    </div>
  );
}
