/**
 * Today's line while every investor is being re-scored after the founder's save (a rubric, the
 * ask, the round raising now, a startup added or deleted; decision 041), or at start: the scores
 * and order below are part old, part new until it is over.
 */
export function RescoreInProgress({ progress }: { progress: { done: number; total: number } | null }) {
  if (!progress) return null;
  const number = (n: number) => n.toLocaleString("en-US");
  return (
    <p className="notice rescore-in-progress" role="status">
      Scores are being redone: {number(progress.done)} of {number(progress.total)} investors so far. The scores and order below may still
      change; reload in a moment for the rest.
    </p>
  );
}
