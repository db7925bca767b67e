import { z } from "zod";
import { CURRENCIES, type Currency } from "./currency.ts";
import type { FormWords } from "./form-messages.ts";
import { INSTRUMENTS, MAX_AMOUNT, ROLES_WANTED, isoDate } from "./investor.ts";
import { formMoney } from "./investor-form.ts";
import { type RoundStartup, type RoundTotals, roundCurrency } from "./round.ts";

/**
 * Setting the round (docs/product.md#the-round): `PUT /api/round`'s strict body and the startup
 * page's round form, and the answer `GET /api/round` gives. Pure.
 */

const amount = z.number().int("must be a whole number").min(0).max(MAX_AMOUNT);

/** `PUT /api/round`: each key optional, null clears; `startup_id` names the round (default: the one raising now). */
export const roundPutSchema = z.strictObject({
  startup_id: z.number().int().positive().optional(),
  target: amount.nullable().optional(),
  currency: z.enum(CURRENCIES).nullable().optional(),
  close_by: isoDate.nullable().optional(),
  instrument: z.enum(INSTRUMENTS).nullable().optional(),
  role_wanted: z.enum(ROLES_WANTED).nullable().optional(),
  valuation_cap: amount.nullable().optional(),
  pre_money: amount.nullable().optional(),
});
export type RoundPut = z.infer<typeof roundPutSchema>;

/** The columns a round edit writes (drizzle's names); setting a startup's round makes it the one raising now. */
export function roundWriteOf(body: Omit<RoundPut, "startup_id">, raisingNow: boolean) {
  // Unmarking is the form's: with several startups the founder may take the mark off.
  return {
    roundSize: body.target,
    roundCurrency: body.currency,
    closeBy: body.close_by,
    instrument: body.instrument,
    roleWanted: body.role_wanted,
    valuationCap: body.valuation_cap,
    preMoney: body.pre_money,
    raisingNow,
  };
}

const AMOUNT = "must be an amount like 1.5m, €300k or NOK 5m";
const OTHER_CURRENCY = "is in the round's currency: write it without another currency";

/**
 * The startup page's round form: every field a text box or a select; an empty one clears it. The
 * amounts are read as the import reads them (decision 054): a currency written with the target
 * ("NOK 30m") is the round's, over the select; the cap and pre-money are in that currency.
 */
export const roundFormSchema = z
  .strictObject({
    target: formMoney,
    currency: z.enum(CURRENCIES).optional(),
    close_by: isoDate.optional(),
    instrument: z.enum(INSTRUMENTS).optional(),
    role_wanted: z.enum(ROLES_WANTED).optional(),
    valuation_cap: formMoney,
    pre_money: formMoney,
    raising_now: z.literal("on").optional(),
  })
  .superRefine((fields, context) => {
    const currency = fields.target?.currency ?? fields.currency ?? "USD";
    for (const [name, label] of [
      ["valuation_cap", "Valuation cap"],
      ["pre_money", "Pre-money"],
    ] as const) {
      const written = fields[name]?.currency;
      if (written && written !== currency)
        context.addIssue({ code: "custom", message: `${label} ${OTHER_CURRENCY} (${currency})`, path: [name] });
    }
  })
  .transform(({ raising_now, ...fields }) => ({
    body: {
      target: fields.target?.amount ?? null,
      currency: fields.target?.currency ?? fields.currency ?? null,
      close_by: fields.close_by ?? null,
      instrument: fields.instrument ?? null,
      role_wanted: fields.role_wanted ?? null,
      valuation_cap: fields.valuation_cap?.amount ?? null,
      pre_money: fields.pre_money?.amount ?? null,
    },
    raisingNow: raising_now === "on",
  }));

export const ROUND_FORM_WORDS: FormWords = {
  target: { label: "Target", invalid: `Target ${AMOUNT}` },
  currency: { label: "Currency" },
  close_by: { label: "Close by", invalid: "Enter a date like 2027-01-15" },
  instrument: { label: "Instrument" },
  role_wanted: { label: "Role wanted" },
  valuation_cap: { label: "Valuation cap", invalid: `Valuation cap ${AMOUNT}` },
  pre_money: { label: "Pre-money", invalid: `Pre-money ${AMOUNT}` },
};

/** `GET /api/round`'s answer: the round raising now (nulls without one) and its totals. */
export function roundJson(round: RoundStartup | undefined, totals: RoundTotals) {
  const currency: Currency = roundCurrency(round);
  return {
    startup_id: round?.id ?? null,
    name: round?.name ?? null,
    target: round?.roundSize ?? null,
    currency,
    close_by: round?.closeBy ?? null,
    instrument: round?.instrument ?? null,
    role_wanted: round?.roleWanted ?? null,
    valuation_cap: round?.valuationCap ?? null,
    pre_money: round?.preMoney ?? null,
    committed: totals.committed,
    soft_committed: totals.soft_committed,
    in_talks: totals.in_talks,
    percent: totals.percent,
    converted: totals.converted,
    rates: totals.rates,
    without_rate: totals.without_rate,
    by_status: totals.by_status,
  };
}
