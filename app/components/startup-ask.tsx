import { Form } from "react-router";
import { ROLE_CHOICES } from "../domain/startup-forms.ts";
import type { RoleWanted } from "../domain/vocabulary.ts";

/**
 * "The ask" on a startup's page (decision 029): the role wanted from investors. Saving it sets the
 * rubric's cheque range from the round size and the role (still editable below) and re-ranks.
 * A plain form post: it works without JavaScript.
 */
export function StartupAsk({ role, roundSize }: { role: RoleWanted | null; roundSize: number | null }) {
  return (
    <section className="panel" aria-labelledby="ask-heading">
      <h2 id="ask-heading">The ask</h2>
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="role" />
        <label htmlFor="role_wanted">Role wanted</label>{" "}
        <select id="role_wanted" name="role_wanted" defaultValue={role ?? ""}>
          {ROLE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>{" "}
        <button type="submit">Save the ask</button>
      </Form>
      <p className="muted small">
        {roundSize
          ? "A lead writes 20–60 % of the round, a co-lead 10–35 %, followers 2–15 %: saving sets the rubric's cheque range from your round size."
          : "Add a round size to have the cheque range follow the role."}
      </p>
    </section>
  );
}
