import type { Route } from "./+types/discoveries";
import { getApp } from "../../app.server.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { discoveriesAnswer } from "../../services/discoveries.server.ts";

/** Discover's list as JSON: the recent deals and the ranked investors they name (session). */
export async function loader() {
  return json(discoveriesAnswer(getApp()));
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
