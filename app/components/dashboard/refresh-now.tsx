import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { DEMO_CONTACTS_PER_INVESTOR } from "../../domain/demo-bounds.ts";
import { type NoticeTone, unavailableWords } from "../../domain/service-state.ts";

const NOTICES: Record<string, { text: string; tone: NoticeTone }> = {
  started: { text: "Refresh started. Progress shows below.", tone: "good" },
  wrong_passcode: { text: "That passcode is not right; no refresh was started.", tone: "bad" },
  run_in_progress: { text: "A refresh is already running; it shows below.", tone: "bad" },
  // Not configured: a setting to make, not a failure to retry (decision 030).
  search_not_configured: { text: `${unavailableWords("search", "not_configured")}: a refresh has nowhere to look for news.`, tone: "info" },
  // "Emailed" on a demo investor whose history is full (app/domain/demo-bounds.ts).
  demo_full: {
    text: `Not recorded: that demo investor already has ${DEMO_CONTACTS_PER_INVESTOR} contacts, the most a demo investor keeps. Reset the demo to start again.`,
    tone: "bad",
  },
};

export function refreshNotice(value: string | null): { text: string; tone: NoticeTone } | null {
  if (!value) return null;
  // The demo page's buttons: "demo_reset:66", "demo_refresh:12" (a number only, so a link cannot put words here).
  const demo = /^(demo_reset|demo_refresh):(\d{1,6})$/.exec(value);
  if (demo?.[1] === "demo_reset") return { text: `Demo reset: ${demo[2]} demo investors, as new.`, tone: "good" };
  if (demo?.[1] === "demo_refresh") return { text: `Simulated a refresh: ${demo[2]} investors updated.`, tone: "good" };
  if (value.startsWith("too_soon:")) {
    return { text: `A manual refresh ran less than 10 minutes ago. Try again in ${value.slice(9)} minutes.`, tone: "bad" };
  }
  return NOTICES[value] ?? null;
}

/**
 * Asks for the passcode every time (it is never stored in the browser). Without web search there
 * is nothing to start, and the panel says so before asking for anything.
 */
export function RefreshNow({ searchConfigured }: { searchConfigured: boolean }) {
  // A new key per navigation closes the panel once the form has been answered.
  const { key } = useLocation();
  const panel = useRef<HTMLDetailsElement>(null);

  // Esc closes the open panel (a plain <details> does not) and puts focus back on its button.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = panel.current;
      if (event.key !== "Escape" || event.defaultPrevented || !details?.open) return;
      const focusWasInside = details.contains(document.activeElement) || document.activeElement === document.body;
      details.open = false;
      if (focusWasInside) details.querySelector("summary")?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  if (!searchConfigured) {
    return (
      <details className="refresh-now" key={key} ref={panel}>
        <summary className="button-secondary">Refresh now</summary>
        <div className="refresh-form" role="note">
          <p>Web search is not configured, so a refresh has nowhere to look for news.</p>
          <p>
            Set TAVILY_API_KEY on the server; <Link to="/settings">Settings</Link> says how.
          </p>
        </div>
      </details>
    );
  }
  return (
    <details className="refresh-now" key={key} ref={panel}>
      <summary className="button-secondary">Refresh now</summary>
      <Form method="post" action="/refresh-now" className="refresh-form">
        <label htmlFor="refresh-passcode">Passcode</label>
        <input id="refresh-passcode" name="passcode" type="password" autoComplete="off" required />
        <label className="inline">
          <input type="checkbox" name="linkedin" /> Also search LinkedIn (about twice the credits)
        </label>
        <button type="submit" className="button-primary">
          Start refresh
        </button>
      </Form>
    </details>
  );
}
