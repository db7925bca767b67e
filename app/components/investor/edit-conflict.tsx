import type { ClashValue } from "../../domain/conflict.ts";

/** A refused edit as the investor page shows it (decision 063): who changed what, and both values. */
export type ConflictView = { sentence: string; values: ClashValue[] };

/**
 * Above the form that was refused: "Jonas moved Fjord Climate to Due diligence 2 minutes ago;
 * your change was not saved", each part both changed with what is saved and what you typed
 * (still in the form below), and how to keep yours.
 */
export function EditConflictNotice({ conflict, id }: { conflict: ConflictView; id: string }) {
  return (
    <div className="notice notice-bad edit-conflict" role="alert" id={id}>
      <p>
        <strong>{conflict.sentence}</strong>
      </p>
      {conflict.values.length > 0 ? (
        <table className="table conflict-values">
          <caption className="visually-hidden">Saved now and yours</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Saved now</th>
              <th scope="col">Yours, not saved</th>
            </tr>
          </thead>
          <tbody>
            {conflict.values.map((value) => (
              <tr key={value.label}>
                <th scope="row">{value.label}</th>
                <td data-label="Saved now:">{value.theirs}</td>
                <td data-label="Yours, not saved:">{value.yours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p>Yours is still in the form below: save again to replace what is saved, or change it first.</p>
    </div>
  );
}
