import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { CURRENCIES } from "../../domain/import/money.ts";
import { INVESTOR_KINDS } from "../../domain/vocabulary.ts";
import { type ConflictView, EditConflictNotice } from "./edit-conflict.tsx";

/** The profile's fields as the form shows them (app/domain/investor-profile.ts, profileFormDefaults). */
export type ProfileText = Record<
  | "name"
  | "firm"
  | "kind"
  | "email"
  | "website"
  | "linkedin_url"
  | "sectors"
  | "stages"
  | "geographies"
  | "based_in"
  | "cheque"
  | "check_currency",
  string
>;

/**
 * The "Profile" form (decision 026): every field a text box, read on the server with the
 * import's parsers, so "$250k-$1M", "Seed, Series A" and "UK, Netherlands" are understood. The
 * browser does not check it (the place names live on the server); the server's answer is shown
 * the same way with and without JavaScript.
 */
export function ProfileForm({
  text,
  lastResult,
  saved,
  conflict,
  version,
}: {
  text: ProfileText;
  lastResult?: unknown;
  saved: boolean;
  /** The last save refused (decision 063), and the version to save against now. */
  conflict?: ConflictView & { version: number };
  /** The investor's version the form was loaded with. */
  version: number;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "profile-form", lastResult: lastResult as never, defaultValue: text });
  const input = (name: keyof ProfileText, label: string, placeholder?: string) => (
    <div>
      <label htmlFor={fields[name].id}>{label}</label>
      <input {...getInputProps(fields[name], { type: "text" })} placeholder={placeholder} />
      <FieldError errors={fields[name].errors} />
    </div>
  );
  return (
    <section className="panel" aria-labelledby="profile-heading" id="profile">
      <h2 id="profile-heading">Profile</h2>
      {saved ? (
        <p className="saved" role="status">
          Profile saved and re-scored.
        </p>
      ) : null}
      {conflict ? <EditConflictNotice conflict={conflict} id="profile-conflict" /> : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="version" value={conflict?.version ?? version} />
        {Object.entries(text).map(([name, value]) => (
          <input key={name} type="hidden" name={`original.${name}`} value={value} />
        ))}
        <div>
          {input("name", "Name")}
          {input("firm", "Firm")}
          <div>
            <label htmlFor={fields.kind.id}>Kind</label>
            <select {...getSelectProps(fields.kind)}>
              {INVESTOR_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
            <FieldError errors={fields.kind.errors} />
          </div>
          {input("email", "Email", "name@fund.com")}
          {input("website", "Website", "fund.com")}
          {input("linkedin_url", "LinkedIn", "linkedin.com/in/name")}
          {input("sectors", "Sectors", "Fintech, AI/ML")}
          {input("stages", "Stages", "Seed, Series A")}
          {input("geographies", "Geographies", "UK, Netherlands")}
          {input("based_in", "Based in", "Trondheim")}
          {input("cheque", "Cheque range", "$250k-$1M")}
          <div>
            <label htmlFor={fields.check_currency.id}>Currency (when the range names none)</label>
            <select {...getSelectProps(fields.check_currency)}>
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </div>
        </div>
        {form.errors ? (
          <p className="form-error" role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <button type="submit" className="button-primary" disabled={navigation.state === "submitting"}>
          Update profile
        </button>
      </Form>
    </section>
  );
}

export function FieldError({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return <p className="field-error">{errors[0]}</p>;
}
