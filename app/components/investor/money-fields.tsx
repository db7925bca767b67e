import { useEffect, useState } from "react";
import { CurrencyOptions } from "../currency-options.tsx";
import { NEXT_STEP_CHARS, PASS_NOTE_CHARS, PASS_REASONS, PASS_REASON_LABELS } from "../../domain/investor.ts";
import type { EDIT_FORM_FIELDS } from "../../domain/investor-edit.ts";
import type { AmountRounds } from "../../domain/round.ts";

/** What the money fields read of an investor. */
export type MoneyValues = {
  amount: number | null;
  amountCurrency: string | null;
  amountStartupId: number | null;
  nextStep: string | null;
  nextStepDate: string | null;
  meetingDate: string | null;
  passReason: string | null;
  passNote: string | null;
};

type Props = {
  formId: string;
  investor: MoneyValues;
  /** The founder's startups: with two or more, the amount says whose round it is for. */
  rounds?: AmountRounds;
  /** The status the form's select shows now (follows the founder's choice with JavaScript on). */
  status: string | undefined;
  savedStatus: string;
  errors: Partial<Record<(typeof EDIT_FORM_FIELDS)[number], string[]>>;
  /**
   * What the founder typed, when the form comes back refused (a mistake, or a teammate's newer
   * change: decision 063): shown again instead of the saved values, with or without JavaScript.
   */
  typed?: Partial<Record<string, unknown>>;
};

/** The fields' saved values as the form carries them back, so only what the founder changed is written. */
export function moneyOriginals(investor: MoneyValues): Record<string, string> {
  return {
    amount: investor.amount === null ? "" : String(investor.amount),
    amount_currency: investor.amountCurrency ?? "USD",
    amount_startup_id: investor.amountStartupId === null ? "" : String(investor.amountStartupId),
    next_step: investor.nextStep ?? "",
    next_step_date: investor.nextStepDate ?? "",
    meeting_date: investor.meetingDate ?? "",
    pass_reason: investor.passReason ?? "",
    pass_note: investor.passNote ?? "",
  };
}

/**
 * The money and the next step on the investor's edit form (docs/product.md#the-round). Why they
 * passed is always on the page without JavaScript (the action asks for it when the status becomes
 * "passed"); with JavaScript it appears, required, once "Passed" is chosen.
 */
export function MoneyFields({ formId, investor, rounds, status, savedStatus, errors, typed = {} }: Props) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const passing = status === "passed";
  const showPass = !hydrated || passing || investor.passReason !== null;
  const id = (name: string) => `${formId}-${name}`;
  const originals = moneyOriginals(investor);
  const shown = (name: keyof ReturnType<typeof moneyOriginals>) =>
    typeof typed[name] === "string" ? (typed[name] as string) : originals[name];
  return (
    <>
      {Object.entries(originals).map(([name, value]) => (
        <input key={name} type="hidden" name={`original.${name}`} value={value} />
      ))}
      <div className="row">
        <div>
          <label htmlFor={id("amount")}>Amount</label>
          <input
            id={id("amount")}
            name="amount"
            type="text"
            inputMode="decimal"
            placeholder="250k"
            defaultValue={shown("amount")}
            aria-invalid={errors.amount ? true : undefined}
          />
          <FieldError errors={errors.amount} />
        </div>
        <div>
          <label htmlFor={id("amount_currency")}>Currency</label>
          <select id={id("amount_currency")} name="amount_currency" defaultValue={shown("amount_currency")}>
            <CurrencyOptions />
          </select>
        </div>
      </div>
      {rounds && rounds.startups.length >= 2 ? (
        <RoundSelect
          id={id("amount_startup_id")}
          rounds={rounds}
          value={shown("amount_startup_id") ?? ""}
          errors={errors.amount_startup_id}
        />
      ) : null}
      <label htmlFor={id("next_step")}>Next step</label>
      <input
        id={id("next_step")}
        name="next_step"
        type="text"
        maxLength={NEXT_STEP_CHARS}
        placeholder="Send the data room"
        defaultValue={shown("next_step")}
        aria-invalid={errors.next_step ? true : undefined}
      />
      <FieldError errors={errors.next_step} />
      <div className="row">
        <div>
          <label htmlFor={id("next_step_date")}>Next step date</label>
          <input id={id("next_step_date")} name="next_step_date" type="date" defaultValue={shown("next_step_date")} />
          <FieldError errors={errors.next_step_date} />
        </div>
        <div>
          <label htmlFor={id("meeting_date")}>Meeting date</label>
          <input id={id("meeting_date")} name="meeting_date" type="date" defaultValue={shown("meeting_date")} />
          <FieldError errors={errors.meeting_date} />
        </div>
      </div>
      {showPass ? (
        <fieldset className="pass-reason">
          <legend>{savedStatus === "passed" || passing ? "Why they passed" : "If they pass: why"}</legend>
          <label htmlFor={id("pass_reason")}>Reason</label>
          <select
            id={id("pass_reason")}
            name="pass_reason"
            defaultValue={shown("pass_reason")}
            required={hydrated && passing && savedStatus !== "passed"}
            aria-invalid={errors.pass_reason ? true : undefined}
          >
            <option value="">—</option>
            {PASS_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {PASS_REASON_LABELS[reason]}
              </option>
            ))}
          </select>
          <FieldError errors={errors.pass_reason} />
          <label htmlFor={id("pass_note")}>Pass note</label>
          <input id={id("pass_note")} name="pass_note" type="text" maxLength={PASS_NOTE_CHARS} defaultValue={shown("pass_note")} />
          <FieldError errors={errors.pass_note} />
        </fieldset>
      ) : null}
    </>
  );
}

/**
 * "For the round of": whose round the amount counts in. Empty is the round raising now (it follows
 * the founder's choice of which startup raises); a startup named keeps the amount in its round.
 */
function RoundSelect({ id, rounds, value, errors }: { id: string; rounds: AmountRounds; value: string; errors?: string[] }) {
  // A saved startup that is gone reads as the round raising now (deleting a startup clears it).
  const known = value === "" || rounds.startups.some((startup) => String(startup.id) === value);
  return (
    <>
      <label htmlFor={id}>For the round of</label>
      <select id={id} name="amount_startup_id" defaultValue={known ? value : ""} aria-invalid={errors ? true : undefined}>
        <option value="">{rounds.raisingNow ? `The round raising now (${rounds.raisingNow})` : "The round raising now"}</option>
        {rounds.startups.map((startup) => (
          <option key={startup.id} value={startup.id}>
            {startup.name}
          </option>
        ))}
      </select>
      <FieldError errors={errors} />
    </>
  );
}

function FieldError({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p className="field-error" role="alert">
      {errors[0]}
    </p>
  );
}
