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
