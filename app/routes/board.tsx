import { data, redirect } from "react-router";
import type { Route } from "./+types/board";
import { getApp } from "../app.server.ts";
import { memberContext, sideActor, sideOf } from "../auth/guards.server.ts";
import { Board } from "../components/board/board.tsx";
import boardStyles from "../components/board/board.css?url";
import { boardMoveSchema } from "../domain/board.ts";
import { positiveId } from "../domain/id.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { boardPage, expandedColumn, moveOnBoard } from "../services/board.server.ts";
import { mineViewer } from "../services/dashboard-page.server.ts";

/** The page follows from its URL and its kept loader data: rendered once per version (app/http/page-cache.server.ts). */
export const handle = { keepHtml: true };

// One module for /board and /demo/board; the path decides which rows it may see and move.
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  const params = new URL(request.url).searchParams;
  const viewer = mineViewer(app, demo, demo ? null : context.get(memberContext));
  return { ...boardPage(app, demo, params, viewer), team: viewer !== null, demo, moving: positiveId(params.get("move") ?? "") ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const form = await readFormBody(request);
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  const move = boardMoveSchema.safeParse(fields);
  if (!move.success) {
    const issue = move.error.issues[0];
    const id = Number(fields.id);
    return data(
      {
        id: Number.isSafeInteger(id) ? id : null,
        message: issue?.path[0] === "pass_reason" ? issue.message : "That move could not be read: choose a status.",
      },
      { status: 400 },
    );
  }
  if (!moveOnBoard(app, sideActor(context, demo), move.data, demo)) throw new Response("Not found", { status: 404 });
  // Not request.url's path: a submission with JavaScript arrives at `/board.data`.
  const show = expandedColumn(new URL(request.url).searchParams);
  // `moved` names this move: the demo's board is kept 2 s whatever anyone writes (decision 018), and
  // a visitor's own move must show at once, not snap back. The fragment opens the page at the moved
  // card in its new column (without JavaScript the page would open at its top, the card out of sight).
  const mine = new URL(request.url).searchParams.get("mine") === "1";
  const query = new URLSearchParams({ ...(mine ? { mine: "1" } : {}), ...(show ? { show } : {}), moved: String(move.data.id) });
  return redirect(`${demo ? "/demo" : ""}/board?${query}#board-card-${move.data.id}`);
}

export default function BoardRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <Board page={loaderData} demo={loaderData.demo} moving={loaderData.moving} refusal={actionData ?? null} team={loaderData.team} />;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: boardStyles }];

export const meta: Route.MetaFunction = () => [{ title: "Board · Investor Pipeline" }];
