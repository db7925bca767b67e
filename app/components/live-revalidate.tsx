import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** While a run is active, reloads the page's data every two seconds so progress moves on its own. */
export function LiveRevalidate({ active, intervalMs = 2_000 }: { active: boolean; intervalMs?: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, revalidator]);
  return null;
}
