import { UNREAD_BY_KEPT_PAGES, keptUntilWrite } from "#db/queries/kept.server.ts";
import type { App } from "../app-context.ts";
import { type DiscoverPage, discoverPageOf } from "../domain/discovery/page.ts";
import { listDiscoveries } from "./discoveries.server.ts";

/**
 * One side's Discover page, kept until a write like Today's data (the same object while nothing
 * changed, so its HTML is kept too): a season of funding news names hundreds of investors, and
 * ranking and rendering them all on every answer made a page of a megabyte and seconds.
 */
export function discoverPage(app: App, demo: boolean, more: boolean): DiscoverPage {
  return keptUntilWrite(
    app.db,
    `discover:${demo}:${more}:${app.now().toISOString().slice(0, 10)}`,
    () => {
      const { deals, investors } = listDiscoveries(app, demo);
      return discoverPageOf(deals, investors, more);
    },
    demo ? "demo" : "real",
    UNREAD_BY_KEPT_PAGES,
  );
}
