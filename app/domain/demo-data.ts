/**
 * The synthetic pipeline behind `/demo` (docs/api.md routes #14 and #15). Everything here is pure:
 * the caller passes `now` and a seed, so the same inputs always give the same rows. People and
 * firms are fictional and every address uses the reserved example.com/.org/.net domains, so
 * nothing generated here can ever reach a real person or company.
 *
 * The parts, in app/domain/demo-data/: cast.ts (the data: people, firms, startups, the pipeline's
 * shape, contact notes), evidence.ts (drafting pages), signals.ts (activity and fit, with the
 * scoring's decay), pipeline.ts (the demo set), refresh.ts (the simulated refresh).
 */

export { DEFAULT_DEMO_SEED, buildDemoInvestors } from "./demo-data/pipeline.ts";
export { simulateDemoRefresh } from "./demo-data/refresh.ts";
export { DEMO_ROUND_NAME, demoRound } from "./demo-data/round.ts";
export { DEMO_TEAM, demoOwnerOf } from "./demo-data/team.ts";
export type { DemoContact, DemoEvidence, DemoInvestor, DemoRefreshInput, DemoRefreshUpdate } from "./demo-data/types.ts";
