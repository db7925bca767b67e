import { ACTION_LABELS, type RecommendedAction, type RelationshipStatus, STATUS_LABELS } from "../domain/vocabulary.ts";

export function ActionBadge({ action }: { action: RecommendedAction }) {
  return <span className={`badge badge-${action}`}>{ACTION_LABELS[action]}</span>;
}

export function StatusLabel({ status }: { status: RelationshipStatus }) {
  return <span className="status">{STATUS_LABELS[status]}</span>;
}

export function DemoBadge() {
  return (
    <span className="badge badge-demo" title="Synthetic demo data: no real investor">
      Demo
    </span>
  );
}

export function ScoreBar({ score }: { score: number }) {
  return (
    <span className="score" role="img" aria-label={`Score ${score} of 100`}>
      <span className="score-number">{score}</span>
      <span className="score-track" aria-hidden="true">
        <span className="score-fill" style={{ width: `${score}%` }} />
      </span>
    </span>
  );
}
