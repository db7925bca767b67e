import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/dashboard.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("settings", "routes/settings.tsx"),
  route("runs", "routes/runs.tsx"),
  route("startups", "routes/startups.tsx"),
  route("startups/new", "routes/startup-new.tsx"),
  route("startups/:id", "routes/startup.tsx"),
  route("refresh-now", "routes/refresh-now.ts"),
  route("demo", "routes/demo.tsx"),
  route("demo/actions", "routes/demo-actions.ts"),
  route("export.csv", "routes/export-csv.ts"),
  route("export.json", "routes/export-json.ts"),
  route("investors/new", "routes/investor-new.tsx"),
  route("investors/import", "routes/investor-import.tsx"),
  route("investors/:id", "routes/investor.tsx"),
  route("demo/investors/:id", "routes/investor.tsx", { id: "demo-investor" }),

  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("cron/refresh", "routes/api/cron-refresh.ts"),
    route("cron/digest", "routes/api/cron-digest.ts"),
    route("refresh", "routes/api/refresh.ts"),
    route("refresh/continue", "routes/api/refresh-continue.ts"),
    route("rescore", "routes/api/rescore.ts"),
    route("search-feed", "routes/api/search-feed.ts"),
    route("chat", "routes/api/chat.ts"),
    route("investors/:id", "routes/api/investor.ts"),
    route("startups", "routes/api/startups.ts"),
    route("startups/:id", "routes/api/startup.ts"),
    route("startups/:id/evaluate", "routes/api/startup-evaluate.ts"),
    route("startups/:id/rubric", "routes/api/startup-rubric.ts"),
    route("demo/reset", "routes/api/demo-reset.ts"),
    route("demo/refresh", "routes/api/demo-refresh.ts"),
    // Anything else under /api is a JSON 404, never an HTML page.
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
