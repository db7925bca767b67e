import { Link } from "react-router";

/** Today's line for Discover: "3 new investors this week", nothing when there are none. */
export function NewInvestorsLine({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <p className="notice notice-good new-investors-line">
      <Link to="/discover">
        {count} new {count === 1 ? "investor" : "investors"} this week
      </Link>{" "}
      in the funding news, ranked for your startups.
    </p>
  );
}
