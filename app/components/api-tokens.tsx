import type { TokenListing } from "#db/queries/member-tokens.server.ts";

/**
 * "Your API tokens" on /settings (decision 063): the signed-in member's own tokens (name,
 * created, last used), a form to make one — shown once, here, to copy — and a revoke button per
 * token. Plain form posts to /settings, so JavaScript on or off does the same.
 */

const NOTICES: Record<string, { good: boolean; text: string }> = {
  revoked: { good: true, text: "Token revoked: it no longer signs anything in." },
};

export type TokenOutcome = { created: { name: string; token: string } } | { error: string };

function day(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace("T", " ") : "never";
}

export function ApiTokens({ tokens, notice, outcome }: { tokens: readonly TokenListing[]; notice: string | null; outcome?: TokenOutcome }) {
  const said = notice ? NOTICES[notice] : undefined;
  return (
    <section className="panel" id="api-tokens" aria-labelledby="api-tokens-heading">
      <h2 id="api-tokens-heading">Your API tokens</h2>
      <p className="muted">
        A script acts as you with <code>Authorization: Bearer &lt;token&gt;</code> on the JSON API. Only you see your tokens; revoke one and
        it stops at once.
      </p>
      {said ? (
        <p className={`notice ${said.good ? "notice-good" : "notice-bad"}`} role="status">
          {said.text}
        </p>
      ) : null}
      {outcome && "created" in outcome ? (
        <div className="notice notice-good" role="status">
          <p>Token “{outcome.created.name}” made. Copy it now: it is shown this once and never again.</p>
          <label htmlFor="api-token-new">Your new token</label>
          <input id="api-token-new" readOnly value={outcome.created.token} className="token-value" />
        </div>
      ) : null}
      {outcome && "error" in outcome ? (
        <p className="notice notice-bad" role="alert">
          {outcome.error}
        </p>
      ) : null}
      {tokens.length > 0 ? (
        <table className="table api-tokens">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Revoke</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id}>
                <th scope="row">{token.name}</th>
                <td data-label="Created">{day(token.createdAt)}</td>
                <td data-label="Last used">{day(token.lastUsedAt)}</td>
                <td>
                  <form method="post" action="/settings">
                    <input type="hidden" name="token_id" value={token.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="token_revoke"
                      className="button-secondary"
                      aria-label={`Revoke ${token.name}`}
                    >
                      Revoke
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No tokens yet.</p>
      )}
      <form method="post" action="/settings" className="discover-actions">
        <div className="field">
          <label htmlFor="api-token-name">Token name</label>
          <input id="api-token-name" name="token_name" maxLength={80} placeholder="Pipeline sync script" required />
        </div>
        <button type="submit" name="intent" value="token_create" className="button-primary">
          Make a token
        </button>
      </form>
    </section>
  );
}
