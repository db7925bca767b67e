import { Form, Link, useLocation } from "react-router";

const NOTICES: Record<string, { text: string; tone: "good" | "bad" }> = {
  started: { text: "Refresh started. Progress shows below.", tone: "good" },
  wrong_passcode: { text: "That passcode is not right; no refresh was started.", tone: "bad" },
  run_in_progress: { text: "A refresh is already running; it shows below.", tone: "bad" },
  search_not_configured: { text: "Web search is not configured: set TAVILY_API_KEY on the server to refresh.", tone: "bad" },
};

export function refreshNotice(value: string | null): { text: string; tone: "good" | "bad" } | null {
  if (!value) return null;
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
  if (!searchConfigured) {
    return (
      <details className="refresh-now" key={key}>
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
    <details className="refresh-now" key={key}>
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
