/**
 * The founder's aliases on /settings (docs/product.md#discovery): another spelling of an investor
 * and the name it stands for, added and deleted by plain form posts to /settings/aliases, so
 * JavaScript on or off does the same.
 */

const NOTICES: Record<string, { good: boolean; text: string }> = {
  saved: { good: true, text: "Alias saved." },
  deleted: { good: true, text: "Alias deleted." },
  missing: { good: false, text: "Write both the alias and the name it stands for." },
  too_long: { good: false, text: "An alias and a name are at most 120 characters." },
  too_many: { good: false, text: "That is 500 aliases already: delete one you no longer need first." },
  same: { good: false, text: "That alias is the name itself (firm words like Ventures or Capital are ignored)." },
};

export function DiscoveryAliases({
  aliases,
  notice,
}: {
  aliases: ReadonlyArray<{ aliasKey: string; alias: string; name: string }>;
  notice: string | null;
}) {
  const said = notice ? NOTICES[notice] : undefined;
  return (
    <section className="panel" id="aliases" aria-labelledby="aliases-heading">
      <h2 id="aliases-heading">Investor aliases</h2>
      <p className="muted">
        Funding news writes some investors in several ways. Say which names are the same, and discovery matches them to your pipeline.
      </p>
      {said ? (
        <p className={`notice ${said.good ? "notice-good" : "notice-bad"}`} role={said.good ? "status" : "alert"}>
          {said.text}
        </p>
      ) : null}
      {aliases.length > 0 ? (
        <ul className="discover-deals">
          {aliases.map((alias) => (
            <li key={alias.aliasKey}>
              <form method="post" action="/settings/aliases" className="discover-actions">
                <span>{`“${alias.alias}” = ${alias.name}`}</span>
                <input type="hidden" name="alias_key" value={alias.aliasKey} />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="button-secondary"
                  aria-label={`Delete the alias ${alias.alias}`}
                >
                  Delete
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
      <form method="post" action="/settings/aliases" className="discover-actions">
        <div className="field">
          <label htmlFor="alias-alias">Alias</label>
          <input id="alias-alias" name="alias" maxLength={120} placeholder="a16z" required />
        </div>
        <div className="field">
          <label htmlFor="alias-name">Stands for</label>
          <input id="alias-name" name="name" maxLength={120} placeholder="Andreessen Horowitz" required />
        </div>
        <button type="submit" className="button-primary">
          Save alias
        </button>
      </form>
    </section>
  );
}
