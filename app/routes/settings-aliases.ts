import { redirect } from "react-router";
import type { Route } from "./+types/settings-aliases";
import { getApp } from "../app.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { removeDiscoveryAlias, saveDiscoveryAlias } from "../services/discoveries.server.ts";

/**
 * The aliases form on /settings (POST /settings/aliases): "a16z" = "Andreessen Horowitz", so a deal
 * naming one matches the pipeline investor or the discovered investor of the other
 * (docs/product.md#discovery). A plain form post, so it works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const app = getApp();
  if (form.get("intent") === "delete") {
    removeDiscoveryAlias(app, String(form.get("alias_key") ?? ""));
    return redirect("/settings?alias=deleted#aliases", 303);
  }
  const outcome = saveDiscoveryAlias(app, form.get("alias"), form.get("name"));
  return redirect(`/settings?alias=${outcome}#aliases`, 303);
}

export async function loader() {
  return redirect("/settings#aliases");
}
