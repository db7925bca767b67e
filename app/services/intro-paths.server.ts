import { introWrite, rescoreForPaths } from "./intro-asked.server.ts";
import { loadFounderSettings, readDraftStartup } from "#db/queries/founder-settings.server.ts";
import { introPathSide } from "#db/queries/intro-path-side.server.ts";
import { liveOwner } from "#db/queries/members.server.ts";
import { addIntroPath, ensurePerson, introPathsOf, removeIntroPath, setIntroState } from "#db/queries/intros.server.ts";
import type { App } from "../app-context.ts";
import { DEMO_PATHS_PER_INVESTOR } from "../domain/demo-bounds.ts";
import { type IntroDraft, type IntroDraftInvestor, draftIntroAsk } from "../domain/intro-draft.ts";
import type { IntroPathAdd, IntroStateChange } from "../domain/intro-input.ts";
import type { IntroPath } from "../domain/intros.ts";
import type { FounderSettings } from "../domain/founder-settings.ts";
import type { Actor } from "../domain/people.ts";
import { editAndRerank, sideOfInvestor } from "./investor-profile.server.ts";
import { ownerChoices, ownerRefusal } from "./team.server.ts";

/**
 * Warm intros on the investor page and the API (decision 065): an investor's paths with the draft
 * to each connector, a path added by hand, an intro moved (introduced may move the investor on, as
 * the founder chooses), a path removed. A path or investor of the other side is not found. Each
 * write records its author through db/queries/intros.server.ts.
 */

export type IntroPathShown = IntroPath & { draft: IntroDraft | null };

/**
 * Whom "Who knows them" offers beside "You" (the default, the actor): the side's live members but
 * the actor, who is "You" already (a walkthrough saw "You", then the signed-in founder's own name).
 */
export function introKnownByChoices(app: App, demo: boolean, actor: Actor): { id: number; name: string }[] {
  const members = ownerChoices(app, demo);
  return actor.kind === "member" ? members.filter((member) => member.id !== actor.memberId) : members;
}

/** The investor's paths, or undefined when there is no such investor on this side. */
export function investorIntroPaths(app: App, investorId: number, demo: boolean): IntroPath[] | undefined {
  if (sideOfInvestor(app, investorId) !== (demo ? "demo" : "real")) return undefined;
  return introPathsOf(app.db, [investorId]).get(investorId) ?? [];
}

/** The paths as the investor page shows them, each with its connector draft (the demo's with placeholders for the founder). */
export function introPathsPanel(app: App, investor: IntroDraftInvestor & { id: number }, demo: boolean): IntroPathShown[] {
  const paths = introPathsOf(app.db, [investor.id]).get(investor.id) ?? [];
  if (paths.length === 0) return [];
  const now = app.now();
  const founder: FounderSettings = demo ? {} : loadFounderSettings(app.db, app.config);
  // The owner signs with the founder's name from /settings (else "Owner" would sign the ask).
  const owner = demo ? undefined : liveOwner(app.db);
  const signatures = new Map<number, string>();
  if (owner && founder.founderName?.trim()) signatures.set(owner.id, founder.founderName.trim());
  const context = { founder, raising: readDraftStartup(app.db, demo), today: now.toISOString().slice(0, 10), now, signatures };
  return paths.map((path) => ({ ...path, draft: draftIntroAsk(path, investor, context) }));
}

export type IntroWrite<T> = { ok: T } | { notFound: true } | { refused: string; field: string };

/** A person (made when the team has no one of that name) and a `manual` path from them to the investor. */
export function addIntroPathByHand(
  app: App,
  actor: Actor,
  investorId: number,
  demo: boolean,
  input: IntroPathAdd,
): IntroWrite<{ path: IntroPath; added: boolean }> {
  return introWrite(app, demo, () => addByHand(app, actor, investorId, demo, input));
}

function addByHand(
  app: App,
  actor: Actor,
  investorId: number,
  demo: boolean,
  input: IntroPathAdd,
): IntroWrite<{ path: IntroPath; added: boolean }> {
  if (sideOfInvestor(app, investorId) !== (demo ? "demo" : "real")) return { notFound: true };
  const memberId = input.member_id ?? (actor.kind === "member" ? actor.memberId : null);
  const notAMember = ownerRefusal(app, { owner_member_id: memberId }, demo);
  if (notAMember) return { refused: notAMember, field: "member_id" };
  if (demo && (introPathsOf(app.db, [investorId]).get(investorId)?.length ?? 0) >= DEMO_PATHS_PER_INVESTOR) {
    return {
      refused: `A demo investor keeps at most ${DEMO_PATHS_PER_INVESTOR} intro paths and this one is full. Reset the demo on /demo to start again (it also resets itself every hour).`,
      field: "name",
    };
  }
  const now = app.now();
  const result = app.db.$client.transaction(() => {
    const personId = ensurePerson(
      app.db,
      {
        name: input.name,
        organisation: input.organisation ?? null,
        emails: input.email ? [input.email] : [],
        knownByMemberId: memberId,
        isDemo: demo,
      },
      now,
    );
    if (personId === null) return null;
    return addIntroPath(app.db, actor, { investorId, personId, memberId, source: "manual", isDemo: demo }, now);
  })();
  if (!result)
    return {
      refused: "Write the name of the person who can introduce you: this one is empty once invisible characters are left out.",
      field: "name",
    };
  if (result.added) rescoreForPaths(app, [investorId], demo);
  const path = (introPathsOf(app.db, [investorId]).get(investorId) ?? []).find((each) => each.id === result.id)!;
  return { ok: { path, added: result.added } };
}

/**
 * Moves an intro's state. Introduced may move the investor to intro requested or contacted (the
 * founder's choice; by default the status is kept), in the same transaction, re-scored.
 */
export function moveIntro(app: App, actor: Actor, pathId: number, demo: boolean, change: IntroStateChange): IntroWrite<IntroPath> {
  return introWrite(app, demo, () => moveOnSide(app, actor, pathId, demo, change));
}

function moveOnSide(app: App, actor: Actor, pathId: number, demo: boolean, change: IntroStateChange): IntroWrite<IntroPath> {
  const side = introPathSide(app.db, pathId);
  if (!side || side.isDemo !== demo) return { notFound: true };
  const move = change.state === "introduced" ? (change.investor_status ?? "keep") : "keep";
  if (change.investor_status && change.investor_status !== "keep" && change.state !== "introduced") {
    return { refused: "The investor's status moves only when the intro is marked introduced.", field: "investor_status" };
  }
  const now = app.now();
  app.db.$client.transaction(() => {
    setIntroState(app.db, actor, pathId, change.state, now.toISOString().slice(0, 10), now);
    if (move !== "keep") editAndRerank(app, actor, side.investorId, { relationship_status: move }, demo);
    // The ask, the wait or the nudge on Today follows the intro's state at once (decision 065).
    rescoreForPaths(app, [side.investorId], demo);
  })();
  const path = (introPathsOf(app.db, [side.investorId]).get(side.investorId) ?? []).find((each) => each.id === pathId)!;
  return { ok: path };
}

/** Removes a path of this side; false when there is none. */
export function removeIntro(app: App, actor: Actor, pathId: number, demo: boolean): boolean {
  return introWrite(app, demo, () => remove(app, actor, pathId, demo));
}

function remove(app: App, actor: Actor, pathId: number, demo: boolean): boolean {
  const side = introPathSide(app.db, pathId);
  if (!side || side.isDemo !== demo) return false;
  if (!removeIntroPath(app.db, actor, pathId, app.now())) return false;
  rescoreForPaths(app, [side.investorId], demo);
  return true;
}

/** The investor a path is on, when it is on this side (the page redirects back to it). */
export function investorOfPath(app: App, pathId: number, demo: boolean): number | undefined {
  const side = introPathSide(app.db, pathId);
  return side && side.isDemo === demo ? side.investorId : undefined;
}
