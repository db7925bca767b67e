import { redirect } from "react-router";
import type { Route } from "./+types/settings-rates";
import { getApp } from "../app.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { setRate } from "../services/currency-rates.server.ts";

/**
 * The rates form on /settings (POST /settings/rates, decision 054): the founder's own rate for a
 * currency, units for one US dollar, or empty to go back to the reference rate. A plain form
 * post, so it works without JavaScript; the round's totals use it at once.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const outcome = setRate(getApp(), form.get("currency"), form.get("rate"));
  const currency = String(form.get("currency") ?? "").slice(0, 3);
  return redirect(`/settings?rate=${outcome}&currency=${encodeURIComponent(currency)}#currencies`, 303);
}

export async function loader() {
  return redirect("/settings#currencies");
}
