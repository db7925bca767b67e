/**
 * The demo's synthetic team of two (decision 062): members with `is_demo`, never a real member,
 * who own the demo investors between them so owners, "Mine" and follow-ups that name their owner
 * show on /demo. The first is whom "Mine" means there.
 */
export const DEMO_TEAM = ["Maren Olsen", "Jonas Berg"] as const;

/**
 * Which of the team owns the demo investor at `index` (0: Maren, 1: Jonas), or null: every fifth
 * has no owner (a real pipeline has some nobody took yet); of the rest Maren has three in five.
 */
export function demoOwnerOf(index: number): 0 | 1 | null {
  if (index % 5 === 4) return null;
  return index % 5 === 1 ? 1 : index % 5 === 3 ? 1 : 0;
}
