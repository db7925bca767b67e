import { secretsMatch } from "./secret-compare.server.ts";

/** The scheduler's credential: `Authorization: Bearer <CRON_SECRET>`. */
export function hasCronBearer(request: Request, cronSecret: string | undefined): boolean {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return secretsMatch(match?.[1], cronSecret);
}
