import type { Route } from "./+types/cron";
import { getApp } from "../../app.server.ts";
import { requireCron } from "../../auth/guards.server.ts";

/** The layout around the cron routes: Authorization: Bearer $CRON_SECRET, else 401. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    requireCron(request, getApp());
  },
];
