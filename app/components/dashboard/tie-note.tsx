import { type TodayInvestor, tieBreakText } from "../../domain/today.ts";

/**
 * When the next row shows the same score, what put this one ahead of it ("Same score as Copper
 * Seed; ahead on a closer fit"): two equal numbers never read as an arbitrary order. Nothing when
 * only the name tells them apart.
 */
export function TieNote<Row extends TodayInvestor & { name: string }>({ rows, index }: { rows: readonly Row[]; index: number }) {
  const row = rows[index];
  const next = rows[index + 1];
  if (!row || !next) return null;
  const ahead = tieBreakText(row, next);
  if (!ahead) return null;
  return (
    <span className="today-tie">
      {" "}
      Same score as {next.name}; {ahead}.
    </span>
  );
}
