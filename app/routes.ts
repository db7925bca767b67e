import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/*
 * Who may ask is decided here, once: every route sits under the guard layout of its credential
 * (app/routes/guard/, decision 025), or is open. The open ones are listed with their reasons in
 * tests/server/anonymous-routes.test.ts, which fails on a route outside both.
 */
export default [
  // Signed-in pages, their form posts and exports: a session (or x-admin-passcode), else /login.
  layout("routes/guard/page-session.ts", [
    index("routes/dashboard.tsx"),
    route("settings", "routes/settings.tsx"),
    route("runs", "routes/runs.tsx"),
    route("board", "routes/board.tsx"),
    route("startups", "routes/startups.tsx"),
    route("startups/new", "routes/startup-new.tsx"),
    route("startups/:id", "routes/startup.tsx"),
    route("startups/:id/round", "routes/startup-round.ts"),
    route("startups/:id/deck", "routes/startup-deck.ts"),
    route("startups/:id/deck/:version/pages/:page", "routes/startup-deck-page.ts"),
    route("startups/:id/deck/:version/download", "routes/startup-deck-download.ts"),
    route("discover", "routes/discover.tsx"),
    route("refresh-now", "routes/refresh-now.ts"),
    route("export.csv", "routes/export-csv.ts"),
    route("export.json", "routes/export-json.ts"),
    route("investors/new", "routes/investor-new.tsx"),
    route("investors/import", "routes/investor-import.tsx"),
    route("investors/import/refused.csv", "routes/investor-import-refused.ts"),
    route("investors/import/sample.csv", "routes/investor-import-sample.ts"),
    route("investors/import/stopped", "routes/investor-import-stopped.ts"),
    route("investors/:id", "routes/investor.tsx"),
    route("investors/:id/emailed", "routes/investor-emailed.ts"),
    route("investors/:id/next-step", "routes/investor-next-step.ts"),
    route("investors/:id/intro-asked", "routes/investor-intro-asked.ts"),
    route("undo", "routes/undo.ts"),
    route("mail/log", "routes/mail-log.ts"),
    route("settings/mail-sync", "routes/settings-mail-sync.ts"),
    route("search", "routes/search.tsx"),
    route("ask", "routes/ask.tsx"),
    route("settings/aliases", "routes/settings-aliases.ts"),
    route("settings/rates", "routes/settings-rates.ts"),
    route("settings/team", "routes/settings-team.tsx"),
    route("settings/you", "routes/settings-you.tsx"),
  ]),

  // Open: signing in and out, the demo (its pages and writes, on demo rows only), the contract.
  route("login", "routes/login.tsx"),
  route("login/passkey", "routes/login-passkey.ts"),
  route("logout", "routes/logout.tsx"),
  route("join/:token", "routes/join.tsx"),
  route("join/:token/passkey", "routes/join-passkey.ts"),
  route("demo", "routes/demo.tsx"),
  route("demo/actions", "routes/demo-actions.ts"),
  route("demo/board", "routes/board.tsx", { id: "demo-board" }),
  route("demo/investors/:id", "routes/investor.tsx", { id: "demo-investor" }),
  route("demo/investors/:id/emailed", "routes/investor-emailed.ts", { id: "demo-investor-emailed" }),
  route("demo/investors/:id/next-step", "routes/investor-next-step.ts", { id: "demo-investor-next-step" }),
  route("demo/investors/:id/intro-asked", "routes/investor-intro-asked.ts", { id: "demo-investor-intro-asked" }),
  route("demo/mail/log", "routes/mail-log.ts", { id: "demo-mail-log" }),
  route("demo/search", "routes/search.tsx", { id: "demo-search" }),
  route("demo/ask", "routes/ask.tsx", { id: "demo-ask" }),
  route("demo/undo", "routes/undo.ts", { id: "demo-undo" }),
  route("demo/discover", "routes/demo-discover.tsx"),
  route("openapi.json", "routes/openapi-json.ts"),
  // Open to the internet by design (decision 068): a deck link's viewer, its pages and reports,
  // under their own guess ceiling and budgets (app/http/deck-link-budget.server.ts).
  route("d/:token", "routes/deck-link.ts"),
  route("d/:token/view", "routes/deck-link-view.ts"),
  route("d/:token/pages/:page", "routes/deck-link-page.ts"),
  route("d/:token/download", "routes/deck-link-download.ts"),

  ...prefix("api", [
    layout("routes/guard/api-session.ts", [
      route("startups", "routes/api/startups.ts"),
      route("startups/:id", "routes/api/startup.ts"),
      route("startups/:id/evaluate", "routes/api/startup-evaluate.ts"),
      route("startups/:id/rubric", "routes/api/startup-rubric.ts"),
      route("investors/:id/merge", "routes/api/investor-merge.ts"),
      route("investors/:id/activity", "routes/api/investor-activity.ts"),
      route("investors/:id/intro-paths", "routes/api/investor-intro-paths.ts"),
      route("intro-paths/:id", "routes/api/intro-path.ts"),
      route("activity", "routes/api/activity.ts"),
      route("round", "routes/api/round.ts"),
      route("discoveries", "routes/api/discoveries.ts"),
      route("startups/:id/deck/links", "routes/api/startup-deck-links.ts"),
      route("deck-links", "routes/api/deck-links.ts"),
      route("deck-links/:id", "routes/api/deck-link.ts"),
      route("deck-links/:id/views", "routes/api/deck-link-views.ts"),
      route("discoveries/:key/add", "routes/api/discovery-answer.ts", { id: "discovery-add" }),
      route("discoveries/:key/dismiss", "routes/api/discovery-answer.ts", { id: "discovery-dismiss" }),
    ]),
    layout("routes/guard/cron.ts", [
      route("cron/refresh", "routes/api/cron-refresh.ts"),
      route("cron/digest", "routes/api/cron-digest.ts"),
      route("cron/discover", "routes/api/cron-discover.ts"),
      route("refresh/continue", "routes/api/refresh-continue.ts"),
      route("rescore", "routes/api/rescore.ts"),
    ]),
    layout("routes/guard/admin-passcode.ts", [route("refresh", "routes/api/refresh.ts")]),

    route("health", "routes/api/health.ts"),
    // Open on the demo side only, which each decides per request (`?demo=1`, a demo investor).
    route("search-feed", "routes/api/search-feed.ts"),
    route("chat", "routes/api/chat.ts"),
    route("investors/:id", "routes/api/investor.ts"),
    route("demo/reset", "routes/api/demo-reset.ts"),
    route("demo/refresh", "routes/api/demo-refresh.ts"),
    // Anything else under /api is a JSON 404, never an HTML page.
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
