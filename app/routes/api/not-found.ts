import { apiError } from "../../http/api-error.ts";

function notFound(request: Request) {
  const path = new URL(request.url).pathname;
  return apiError(404, "not_found", `There is no API route ${request.method} ${path}.`);
}

export async function loader({ request }: { request: Request }) {
  return notFound(request);
}

export async function action({ request }: { request: Request }) {
  return notFound(request);
}
