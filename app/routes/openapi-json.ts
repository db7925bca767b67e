import { json, methodNotAllowed } from "../http/api-error.ts";
import { buildOpenApiDocument } from "../http/openapi/document.ts";
import packageJson from "../../package.json";

/**
 * GET /openapi.json: the API's OpenAPI 3.1 document, open like the page that explains it
 * (docs/api.md). Outside /api on purpose: the API is exactly its 17 routes.
 */
export async function loader() {
  return json(buildOpenApiDocument(packageJson.version), { headers: { "cache-control": "no-cache" } });
}

export async function action({ request }: { request: Request }) {
  return methodNotAllowed(request, ["GET"]);
}
