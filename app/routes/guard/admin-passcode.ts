import type { Route } from "./+types/admin-passcode";
import { getApp } from "../../app.server.ts";
import { requireAdminPasscode } from "../../auth/guards.server.ts";

/** The layout around route #4, whose only credential is the x-admin-passcode header (a cookie is not enough). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    requireAdminPasscode(request, getApp());
  },
];
