/**
 * The one clock. Everything that needs "now" gets it from here (through App.now), so a test or
 * the selection simulation can set the time instead of waiting for it.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that stays where it is put, for tests and simulations. */
export function fixedClock(start: Date): Clock & { set: (next: Date) => void; advance: (ms: number) => void } {
  let current = new Date(start);
  const clock = () => new Date(current);
  return Object.assign(clock, {
    set: (next: Date) => {
      current = new Date(next);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  });
}
