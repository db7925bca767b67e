import { type Actor, systemActor } from "#app/domain/people.ts";

/** Who a test's write is by, where the test is not about authorship: a named actor needing no member row. */
export const TEST_ACTOR: Actor = systemActor("visitor");
