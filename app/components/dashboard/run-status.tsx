import type { DashboardData } from "#db/queries/dashboard.server.ts";

const STATUS_TEXT: Record<string, string> = {
  queued: "Queued",
  running: "Running",
  waiting_chain: "Pausing for a moment (continues by itself)",
  completed: "Completed",
  failed: "Failed",
  truncated: "Stopped early: the rest wait for the next refresh",
};

const TRIGGER_TEXT: Record<string, string> = {
  cron: "scheduled, started",
  manual: "started by you",
  demo: "simulated",
};

function when(iso: string | null): string {
  if (!iso) return "—";
  return `${new Date(iso).toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

export function RunStatus({ run }: { run: DashboardData["run"] }) {
  if (!run) {
    return (
      <section className="panel run-status" aria-label="Last refresh">
        <h2>Last refresh</h2>
        <p className="muted">No refresh has run yet. Scores come from what is saved; a refresh adds fresh news.</p>
      </section>
    );
  }
  const progress = run.selected > 0 ? Math.round((run.checked / run.selected) * 100) : 100;
  return (
    <section className="panel run-status" aria-label="Last refresh">
      <h2>
        Last refresh: {STATUS_TEXT[run.status] ?? run.status}
        {run.degraded ? <span className="badge badge-wait">Degraded</span> : null}
      </h2>
      <div
        className="progress"
        role="progressbar"
        aria-label="Investors checked"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${run.checked} of ${run.selected} investors checked`}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <p className="muted">
        {run.checked} of {run.selected} investors checked · {run.evidenceAdded} news items found · {run.credits} search credits ·{" "}
        {run.llmCalls} model calls · {run.errors.length === 0 ? "no problems" : `${run.errors.length} problems (see Runs)`} ·{" "}
        {TRIGGER_TEXT[run.trigger] ?? "started"} {when(run.startedAt)}
        {run.finishedAt ? ` · finished ${when(run.finishedAt)}` : ""}
      </p>
    </section>
  );
}
