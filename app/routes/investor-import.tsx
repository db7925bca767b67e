import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/investor-import";
import { classifyUpdates } from "#db/queries/import.server.ts";
import { existingForImport } from "#db/queries/investors.server.ts";
import { getApp } from "../app.server.ts";
import { parseInvestorCsvSteps, planImport } from "../domain/investor-import.ts";
import { parseFormBody } from "../http/form-body.server.ts";
import { commitImportInChunks } from "../jobs/startups.server.ts";
import { finishInTurns } from "../jobs/turns.server.ts";

const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const TOO_LARGE = "The file is larger than 2 MB. Split it into smaller files.";
/** Room for the multipart framing around a 2 MB file (boundaries, part headers, the intent field). */
const FORM_OVERHEAD_BYTES = 16 * 1024;
/** The preview lists this many rows of each kind (new, updated, rejected); the counts are whole. */
const PREVIEW_ROWS = 50;

async function readCsv(request: Request): Promise<{ text: string; intent: string } | { error: string; status: number }> {
  // Counted as it streams, chunked or not: a larger upload is cut off at the limit, never buffered.
  const body = await parseFormBody(request, { maxBytes: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES, tooLarge: TOO_LARGE });
  if (!body.ok) return { error: body.message, status: body.status };
  const form = body.form;
  const intent = String(form.get("intent") ?? "preview");
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_UPLOAD_BYTES) return { error: TOO_LARGE, status: 413 };
    return { text: await file.text(), intent };
  }
  const csv = form.get("csv");
  if (typeof csv === "string" && csv.trim() !== "") {
    if (Buffer.byteLength(csv) > MAX_UPLOAD_BYTES) return { error: TOO_LARGE, status: 413 };
    return { text: csv, intent };
  }
  return { error: "Choose a CSV file to import.", status: 400 };
}

export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  const input = await readCsv(request);
  if ("error" in input) return data({ error: input.error, preview: null }, { status: input.status });

  const parsed = await finishInTurns(parseInvestorCsvSteps(input.text));
  if (parsed.error) return data({ error: parsed.error, preview: null }, { status: 400 });
  if (input.intent === "commit") {
    // Planned when its turn comes: another import may have finished meanwhile.
    await commitImportInChunks(app, () => planImport(parsed, existingForImport(app.db)));
    return redirect("/", 303);
  }
  const plan = planImport(parsed, existingForImport(app.db));
  const { changed, unchanged } = classifyUpdates(app.db, plan);

  return {
    error: null,
    preview: {
      csv: input.text,
      counts: { create: plan.create.length, update: changed.length, rejected: plan.rejected.length },
      create: plan.create
        .slice(0, PREVIEW_ROWS)
        .map((row) => ({ line: row.line, name: row.profile.name, firm: row.profile.firm ?? null, email: row.profile.email ?? null })),
      update: changed
        .slice(0, PREVIEW_ROWS)
        .map((row) => ({ line: row.line, id: row.id, name: row.profile.name, firm: row.profile.firm ?? null, columns: row.columns })),
      unchanged: unchanged.length,
      rejected: plan.rejected.slice(0, PREVIEW_ROWS),
      warnings: plan.warnings,
    },
  };
}

export default function ImportInvestors({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const preview = actionData?.preview;
  return (
    <>
      <div className="page-head">
        <h1>Import investors from CSV</h1>
        <p className="muted">
          One investor per row. Column names on the first line: <code>name</code> (required), <code>firm</code>, <code>kind</code>,{" "}
          <code>website</code>, <code>linkedin_url</code>, <code>email</code>, <code>sectors</code>, <code>stages</code>,{" "}
          <code>geographies</code> (lists separated by <code>;</code>), <code>check_min</code>, <code>check_max</code>,{" "}
          <code>relationship_status</code>, <code>last_contact_date</code>, <code>personal_notes</code>. An investor you already have (same
          email, else same name and firm) is updated, not duplicated. Nothing is saved until you confirm.
        </p>
      </div>
      <section className="panel">
        <Form method="post" encType="multipart/form-data">
          <label htmlFor="file">CSV file</label>
          <input id="file" name="file" type="file" accept=".csv,text/csv" required />
          <button type="submit" name="intent" value="preview" className="button-primary" disabled={busy}>
            Preview
          </button>
        </Form>
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
      </section>

      {preview ? (
        <section className="panel" aria-label="Preview">
          <h2>Preview</h2>
          <ul className="import-summary">
            <li>
              <strong>{preview.counts.create}</strong> new
            </li>
            <li>
              <strong>{preview.counts.update}</strong> updated
            </li>
            <li>
              <strong>{preview.unchanged}</strong> unchanged
            </li>
            <li className={preview.counts.rejected ? "bad" : undefined}>
              <strong>{preview.counts.rejected}</strong> rejected
            </li>
          </ul>
          {preview.warnings.map((warning) => (
            <p key={warning} className="muted">
              {warning}
            </p>
          ))}
          {preview.rejected.length ? (
            <>
              <h3>Rejected rows (not imported)</h3>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Name</th>
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rejected.map((row) => (
                    <tr key={row.line}>
                      <td>{row.line}</td>
                      <td>{row.name || <span className="muted">—</span>}</td>
                      <td>{row.reasons.join("; ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <MoreRows shown={preview.rejected.length} total={preview.counts.rejected} />
            </>
          ) : null}
          {preview.create.length ? (
            <>
              <h3>New investors</h3>
              <table className="table">
                <tbody>
                  {preview.create.map((row) => (
                    <tr key={row.line}>
                      <td>{row.line}</td>
                      <td>{row.name}</td>
                      <td className="muted">{row.firm}</td>
                      <td className="muted">{row.email}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <MoreRows shown={preview.create.length} total={preview.counts.create} />
            </>
          ) : null}
          {preview.update.length ? (
            <>
              <h3>Updated investors</h3>
              <table className="table">
                <tbody>
                  {preview.update.map((row) => (
                    <tr key={row.line}>
                      <td>{row.line}</td>
                      <td>
                        <Link to={`/investors/${row.id}`}>{row.name}</Link>
                      </td>
                      <td className="muted">{row.firm}</td>
                      <td>{`changes: ${row.columns.map((column) => column.replace(/([A-Z])/g, " $1").toLowerCase()).join(", ")}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <MoreRows shown={preview.update.length} total={preview.counts.update} />
              <p className="muted">Private notes already written here are kept, and a last-contact date never moves back.</p>
            </>
          ) : null}
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="csv" value={preview.csv} />
            <button
              type="submit"
              name="intent"
              value="commit"
              className="button-primary"
              disabled={busy || preview.counts.create + preview.counts.update === 0}
            >
              {[
                preview.counts.create ? `Import ${preview.counts.create} new` : "",
                preview.counts.update ? `${preview.counts.create ? "and update" : "Update"} ${preview.counts.update}` : "",
              ]
                .filter(Boolean)
                .join(" ") || "Nothing to import"}
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}

/** The preview shows the first rows of a kind; the rest are counted, not listed. */
function MoreRows({ shown, total }: { shown: number; total: number }) {
  return total > shown ? <p className="muted">{`…and ${total - shown} more (the first ${shown} are shown).`}</p> : null;
}

export const meta: Route.MetaFunction = () => [{ title: "Import investors · Investor Pipeline" }];
