/**
 * What a panel's last form did, from its redirect's query: the error as an alert, the notice as a
 * status. Either, both or neither.
 */
export function FormNotice({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="notice notice-good" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}
