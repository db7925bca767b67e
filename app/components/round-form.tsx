import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { CurrencyOptions } from "./currency-options.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { founderErrors } from "../domain/form-messages.ts";
import { INSTRUMENTS, INSTRUMENT_LABELS, ROLES_WANTED, ROLE_LABELS } from "../domain/investor.ts";
import { ROUND_FORM_WORDS, roundFormSchema } from "../domain/round-input.ts";
import type { RoundStartup } from "../domain/round.ts";

type Props = {
  round: RoundStartup;
  /** With several startups, the founder marks which one is raising now. */
  several: boolean;
  /** What the server refused when the form was sent without JavaScript. */
  refused: string | null;
};

/**
 * A startup's round (docs/product.md#the-round): target and currency, close-by date, instrument,
 * cap or pre-money, the role wanted. A plain form post to /startups/:id/round, so it works
 * without JavaScript; with it, the same words are checked before sending.
 */
export function RoundForm({ round, several, refused }: Props) {
  const [form, fields] = useForm({
    id: `round-${round.id}`,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roundFormSchema, ...founderErrors(ROUND_FORM_WORDS) }),
    defaultValue: {
      target: round.roundSize === null ? "" : String(round.roundSize),
      currency: round.roundCurrency ?? "USD",
      close_by: round.closeBy ?? "",
      instrument: round.instrument ?? "",
      role_wanted: round.roleWanted ?? "",
      valuation_cap: round.valuationCap === null ? "" : String(round.valuationCap),
      pre_money: round.preMoney === null ? "" : String(round.preMoney),
    },
  });
  return (
    <section className="panel" aria-labelledby="round-heading" id="round">
      <h2 id="round-heading">The round</h2>
      {refused ? (
        <p className="form-error" role="alert">
          {refused}
        </p>
      ) : null}
      <Form method="post" action={`/startups/${round.id}/round`} {...getFormProps(form)} className="round-form">
        <div className="row">
          <div>
            <label htmlFor={fields.target.id}>Target</label>
            <input {...getInputProps(fields.target, { type: "text" })} inputMode="decimal" placeholder="1.5m" />
            <FieldError errors={fields.target.errors} />
          </div>
          <div>
            <label htmlFor={fields.currency.id}>Currency</label>
            <select {...getSelectProps(fields.currency)}>
              <CurrencyOptions />
            </select>
          </div>
        </div>
        <div className="row">
          <div>
            <label htmlFor={fields.close_by.id}>Close by</label>
            <input {...getInputProps(fields.close_by, { type: "date" })} />
            <FieldError errors={fields.close_by.errors} />
          </div>
          <div>
            <label htmlFor={fields.instrument.id}>Instrument</label>
            <select {...getSelectProps(fields.instrument)}>
              <option value="">—</option>
              {INSTRUMENTS.map((instrument) => (
                <option key={instrument} value={instrument}>
                  {INSTRUMENT_LABELS[instrument]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="row">
          <div>
            <label htmlFor={fields.valuation_cap.id}>Valuation cap</label>
            <input {...getInputProps(fields.valuation_cap, { type: "text" })} inputMode="decimal" />
            <FieldError errors={fields.valuation_cap.errors} />
          </div>
          <div>
            <label htmlFor={fields.pre_money.id}>Pre-money</label>
            <input {...getInputProps(fields.pre_money, { type: "text" })} inputMode="decimal" />
            <FieldError errors={fields.pre_money.errors} />
          </div>
        </div>
        <label htmlFor={fields.role_wanted.id}>Role wanted</label>
        <select {...getSelectProps(fields.role_wanted)}>
          <option value="">—</option>
          {ROLES_WANTED.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        {several ? (
          <label className="checkbox">
            <input type="checkbox" name="raising_now" defaultChecked={round.raisingNow} /> This is the round I am raising now
          </label>
        ) : (
          <input type="hidden" name="raising_now" value="on" />
        )}
        <button type="submit" className="button-primary">
          Save the round
        </button>
      </Form>
    </section>
  );
}

function FieldError({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return <p className="field-error">{errors[0]}</p>;
}
