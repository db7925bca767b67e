import { redirect } from "react-router";
import type { Route } from "./+types/investor-import-stopped";
import { getApp } from "../app.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { forgetStoppedImport } from "../services/import-commit.server.ts";

/**
 * "Dismiss" on the line that says an import stopped part-way (POST /investors/import/stopped):
 * the founder chose not to import the rest, so Today stops saying so. Back to the page it was on.
 */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not this small form is refused (4xx) and forgets nothing.
  const form = await readFormBody(request, { maxBytes: 1024, tooLarge: "This form is larger than the page sends. Reload the page." });
  forgetStoppedImport(getApp());
  return redirect(form.get("on") === "import" ? "/investors/import" : "/", 303);
}

export function loader() {
  return redirect("/investors/import");
}
