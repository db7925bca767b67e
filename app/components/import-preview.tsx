import { changedColumnsText } from "../domain/import/preview.ts";
import { Form, Link } from "react-router";
import type { FileValues } from "../domain/import/value-table.ts";
import { ImportValues } from "./import-values.tsx";
import { OwnersLine } from "./import-summary.tsx";

type Preview = {
  token: string;
  reading: string[];
  columns: Array<{ index: number; header: string; target: string; guessed: boolean; sample: string }>;
  fields: Array<{ value: string; label: string }>;
  counts: { create: number; update: number; rejected: number };
  changes: string;
  notesKept: number;
  /** Investors whose status, money, next step… the founder set here and the file would change: kept (the first few, and how many). */
  keptInApp: { count: number; rows: Array<{ name: string; words: string }> };
  create: Array<{ line: number; name: string; firm: string | null; email: string | null }>;
  update: Array<{ line: number; id: number; name: string; firm: string | null; columns: string[] }>;
  unchanged: number;
  rejected: Array<{ line: number; name: string; reasons: string[] }>;
  skipped: { count: number; rows: Array<{ line: number; name: string; cells: string[] }> };
  warnings: string[];
  /** A workbook's sheet names (more than one: the founder may pick) and the one shown. */
  sheets: string[];
  sheet: string | null;
  /** Each distinct value of the status, stage, kind and pass-reason columns, with what it is imported as (decision 052). */
  values: FileValues;
  /** "19 statuses need your choice: …", or "". */
  asked: string;
  /** Owner names the team does not have: "Jonas (22 rows) is not on your team yet — …", or "" (decision 062). */
  owners: string;
  /** "12 intro paths through 9 people" the Intro via column names (decision 065), or "". */
  intro: string;
};

/**
 * The import preview (docs/product.md#import): how the file was read, every column with the field
 * it fills (a plain form of selects: "Apply column choices" re-posts it, with or without JavaScript),
 * what will be created, updated, left out and refused, and the button that imports it.
 */
export function ImportPreview({ preview, busy }: { preview: Preview; busy: boolean }) {
  const { counts } = preview;
  return (
    <section className="panel" aria-label="Preview">
      <h2>Preview</h2>
      <ul className="import-summary">
        <li>
          <strong>{counts.create}</strong> new
        </li>
        <li>
          <strong>{counts.update}</strong> updated
        </li>
        <li>
          <strong>{preview.unchanged}</strong> unchanged
        </li>
        <li className={counts.rejected ? "bad" : undefined}>
          <strong>{counts.rejected}</strong> rejected
        </li>
      </ul>
      {preview.changes ? <p>{`Of the updated: ${preview.changes}.`}</p> : null}
      {preview.keptInApp.count > 0 ? (
        <p className="import-kept-in-app">
          {`${preview.keptInApp.count} keep what you set here instead of the file's older values: ${preview.keptInApp.rows
            .map((row) => `${row.name} (${row.words})`)
            .join(", ")}${preview.keptInApp.count > preview.keptInApp.rows.length ? ", …" : ""}.`}
        </p>
      ) : null}
      {preview.intro ? <p className="import-intro">{`${preview.intro}, from the Intro via column.`}</p> : null}
      <OwnersLine sentence={preview.owners} />
      {[...preview.reading, ...preview.warnings].map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
      <Form method="post" encType="multipart/form-data" action="/investors/import">
        <input type="hidden" name="upload" value={preview.token} />
        {preview.sheet !== null ? <input type="hidden" name="shown_sheet" value={preview.sheet} /> : null}
        {preview.sheets.length > 1 ? (
          <div className="button-row">
            <label htmlFor="import-sheet">Sheet</label>
            <select id="import-sheet" name="sheet" defaultValue={preview.sheet ?? undefined}>
              {preview.sheets.map((sheet) => (
                <option key={sheet} value={sheet}>
                  {sheet}
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value="sheet" className="button-secondary" disabled={busy}>
              Read this sheet
            </button>
          </div>
        ) : null}
        <h3>Columns</h3>
        <div className="table-wrap">
          <table className="table" aria-label="Columns">
            <thead>
              <tr>
                <th scope="col">Column in the file</th>
                <th scope="col">First value</th>
                <th scope="col">Imported as</th>
              </tr>
            </thead>
            <tbody>
              {preview.columns.map((column) => (
                <tr key={column.index}>
                  <td>{column.header}</td>
                  <td className="muted">{column.sample}</td>
                  <td>
                    <label className="visually-hidden" htmlFor={`map-${column.index}`}>{`Imported as, for ${column.header}`}</label>
                    <select id={`map-${column.index}`} name={`map.${column.index}`} defaultValue={column.target}>
                      {preview.fields.map((field) => (
                        <option key={field.value} value={field.value}>
                          {field.label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="button-row">
          <button type="submit" name="intent" value="preview" className="button-secondary" disabled={busy}>
            Apply column choices
          </button>
        </div>
        <ImportValues values={preview.values} asked={preview.asked} busy={busy} />
        <RowLists preview={preview} />
        <button
          type="submit"
          name="intent"
          value="commit"
          className="button-primary"
          disabled={busy || counts.create + counts.update === 0}
        >
          {[
            counts.create ? `Import ${counts.create} new` : "",
            counts.update ? `${counts.create ? "and update" : "Update"} ${counts.update}` : "",
          ]
            .filter(Boolean)
            .join(" ") || "Nothing to import"}
        </button>
      </Form>
    </section>
  );
}

function RowLists({ preview }: { preview: Preview }) {
  const { counts } = preview;
  return (
    <>
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
          <MoreRows shown={preview.rejected.length} total={counts.rejected} />
        </>
      ) : null}
      {preview.skipped.rows.length ? (
        <>
          <h3>Imported without some cells</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Name</th>
                <th scope="col">Left out or cut, and why</th>
              </tr>
            </thead>
            <tbody>
              {preview.skipped.rows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.name}</td>
                  <td>{row.cells.join("; ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <MoreRows shown={preview.skipped.rows.length} total={preview.skipped.count} />
        </>
      ) : null}
      {preview.create.length ? (
        <>
          <h3>New investors</h3>
          <table className="table" aria-label="New investors">
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
          <MoreRows shown={preview.create.length} total={counts.create} />
        </>
      ) : null}
      {preview.update.length ? (
        <>
          <h3>Updated investors</h3>
          <table className="table" aria-label="Updated investors">
            <tbody>
              {preview.update.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>
                    <Link to={`/investors/${row.id}`}>{row.name}</Link>
                  </td>
                  <td className="muted">{row.firm}</td>
                  <td>{`changes: ${changedColumnsText(row.columns)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <MoreRows shown={preview.update.length} total={counts.update} />
          <p className="muted">
            {`Notes written here are kept (an import only replaces notes an earlier import wrote), and a last-contact date never moves back.${
              preview.notesKept ? ` ${preview.notesKept} keep the notes you wrote here instead of the file's.` : ""
            }`}
          </p>
        </>
      ) : null}
    </>
  );
}

/** The preview shows the first rows of a kind; the rest are counted, not listed. */
function MoreRows({ shown, total }: { shown: number; total: number }) {
  return total > shown ? <p className="muted">{`…and ${total - shown} more (the first ${shown} are shown).`}</p> : null;
}
