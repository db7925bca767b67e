import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/dashboard.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("settings", "routes/settings.tsx"),

  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    // Anything else under /api is a JSON 404, never an HTML page.
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
