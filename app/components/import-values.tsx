import type { FileValueColumn, FileValues } from "../domain/import/value-table.ts";

/**
 * The preview's "Values" (decision 052): for each column with a fixed vocabulary, every distinct
 * value with how many rows hold it and what it is imported as, in a select the founder can change.
 * A value the app will not guess has no default ("Choose…"), comes first and is named above the
 * table; the import waits until each has an answer. Plain selects in the preview's form: the
 * choices are posted with "Apply value choices" or with the import itself, with or without JavaScript.
 */
export function ImportValues({ values, asked, busy }: { values: FileValues; asked: string; busy: boolean }) {
  if (values.length === 0) return null;
  return (
    <>
      <h3 id="import-values">Values</h3>
      <p className="muted">What each value in your columns means here. Change any: your choices are remembered for your next file.</p>
      {asked ? (
        <p className="form-error" role="status">
          {asked}
        </p>
      ) : null}
      {values.map((column) => (
        <ValueTable key={column.field} column={column} />
      ))}
      <div className="button-row">
        <button type="submit" name="intent" value="preview" className="button-secondary" disabled={busy}>
          Apply value choices
        </button>
      </div>
    </>
  );
}

const SOURCE_WORDS: Record<string, string> = {
  guess: "guessed",
  you: "your choice",
  remembered: "as you chose last time",
  silence: "needs your choice: contacted (a follow-up is due) or passed?",
  unknown: "needs your choice",
};

function ValueTable({ column }: { column: FileValueColumn }) {
  const title = `${column.many[0]?.toUpperCase()}${column.many.slice(1)}`;
  return (
    <div className="table-wrap">
      <table className="table" aria-label={`Values: ${column.many}`}>
        <caption className="value-caption">{title}</caption>
        <thead>
          <tr>
            <th scope="col">In the file</th>
            <th scope="col">Rows</th>
            <th scope="col">Imported as</th>
          </tr>
        </thead>
        <tbody>
          {column.values.map((value, index) => {
            const id = `value-${column.field}-${index}`;
            const inOptions = column.options.some((option) => option.value === value.choice);
            return (
              <tr key={value.key} className={value.choice === "" ? "value-asked" : undefined}>
                <td>{value.shown}</td>
                <td>{value.count}</td>
                <td>
                  <label className="visually-hidden" htmlFor={id}>{`Imported as, for ${column.one} ${value.shown}`}</label>
                  <select id={id} name={`value.${column.field}.${value.key}`} defaultValue={value.choice}>
                    {value.choice === "" ? <option value="">Choose…</option> : null}
                    {value.choice !== "" && !inOptions ? <option value={value.choice}>{value.label}</option> : null}
                    {column.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>{" "}
                  <span className={value.choice === "" ? "value-ask" : "muted"}>{SOURCE_WORDS[value.source]}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {column.more > 0 ? (
        <p className="muted">{`…and ${column.more} more different ${column.many} (the first ${column.values.length} are listed): is this column really ${column.many}? Values not listed are read by the app's guess or left out.`}</p>
      ) : null}
    </div>
  );
}
