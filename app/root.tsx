import { useEffect } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ChatDrawer, ChatLink } from "./components/chat-drawer.tsx";
import { CommandPalette, PaletteLink } from "./components/command-palette.tsx";
import { useNonce } from "./components/nonce.tsx";
import { getApp } from "./app.server.ts";
import { memberContext, sessionMember, signedInContext } from "./auth/guards.server.ts";
import { isForeignOriginRequest } from "./auth/origin.ts";
import { apiError, storageFailureKind } from "./http/api-error.ts";
import { compressResponse } from "./http/compression.server.ts";
import { applySecurityHeaders } from "./http/security-headers.ts";
import {
  type StorageFault,
  noteStorageFault,
  storageFailedContext,
  storageFailurePage,
  storageFailureResponse,
  storageFaultOf,
} from "./http/storage-failure.server.ts";

// The production server refuses foreign-origin writes before React Router sees them
// (app/server.ts); this middleware applies the same rule under `react-router dev`.
export const middleware: Route.MiddlewareFunction[] = [
  // Outermost, so it compresses the final answer (pages, .data, API JSON) as it leaves.
  async ({ request }, next) => compressResponse(request, await next()),
  async ({ request }, next) => {
    if (isForeignOriginRequest(request)) {
      const response = apiError(403, "forbidden_origin", "Cross-site requests are refused.");
      applySecurityHeaders(response.headers, getApp().config.NODE_ENV === "production");
      return response;
    }
    const response = await next();
    applySecurityHeaders(response.headers, getApp().config.NODE_ENV === "production");
    return response;
  },
  // A loader, action or guard that failed on the storage (disk full, read-only, I/O error) is
  // answered as that, never as a 500 (decision 058): the API in its error format, a page with its
  // error boundary saying what happened and what to do.
  async ({ request, context }, next) => {
    let response: Response;
    try {
      response = await next();
    } catch (error) {
      const fault = storageFaultOf(error);
      if (!fault) throw error;
      noteStorageFault(fault);
      return storageAnswer(request, fault);
    }
    const fault = context.get(storageFailedContext);
    return fault && response.status >= 500 ? storageAnswer(request, fault) : response;
  },
];

/** The API's error body under /api; elsewhere the words, thrown so the error boundary shows them. */
function storageAnswer(request: Request, fault: StorageFault): Response {
  const path = new URL(request.url).pathname;
  if (path === "/api" || path.startsWith("/api/")) return storageFailureResponse(fault, request.method);
  throw storageFailurePage(fault, request.method);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Under the page layout the session was checked once already (app/routes/guard/page-session.ts).
  // The member's name is part of the page: a kept page's key holds it, so one member's header is
  // never served to another (app/http/page-cache.server.ts).
  const member = context.get(signedInContext) ? context.get(memberContext) : await sessionMember(request, getApp());
  return { signedIn: member !== null, memberName: member?.name ?? null };
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const onDemo = location.pathname === "/demo" || location.pathname.startsWith("/demo/");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <header className="topbar">
          <Link to="/" className="brand">
            Investor Pipeline
          </Link>
          <nav aria-label="Main">
            {/* Signed out, every page but the demo asks for the passcode first: only the demo is offered. */}
            {data?.signedIn || onDemo ? (
              <>
                <NavLink to="/" end>
                  Dashboard
                </NavLink>
                <NavLink to="/board">Board</NavLink>
                <NavLink to="/startups">Startups</NavLink>
                <NavLink to="/discover">Discover</NavLink>
                <NavLink to="/runs">Runs</NavLink>
                <NavLink to="/settings">Settings</NavLink>
              </>
            ) : null}
            <NavLink to="/demo">Demo</NavLink>
          </nav>
          {data?.signedIn || onDemo ? (
            <>
              <PaletteLink />
              <ChatLink />
            </>
          ) : null}
          {data?.memberName ? (
            <Link to="/settings/you" className="signed-in-as" aria-label={`Signed in as ${data.memberName}: your details`}>
              {data.memberName}
            </Link>
          ) : null}
          {data?.signedIn ? (
            <Form method="post" action="/logout" className="signout">
              <button type="submit" className="button-quiet">
                Sign out
              </button>
            </Form>
          ) : null}
        </header>
        <main className="page">{children}</main>
        {/* Here rather than in App, so the header's Find investor and the chat work on error pages too. */}
        {data?.signedIn || onDemo ? (
          <>
            <CommandPalette />
            <ChatDrawer />
          </>
        ) : null}
        {/* No nonce on a kept page: its CSP names the hashes of these scripts (decision 028). */}
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page interactive once React has committed it (after hydration, or after the fresh
  // render that replaces a page it could not hydrate): end-to-end tests wait for this before they
  // change the page (tests/e2e/helpers.ts waitForHydration).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

// A route whose loader throws renders the root ErrorBoundary, and then only this meta applies:
// without it the 404 page's <title> was empty.
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [{ title: "Investor Pipeline" }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const storage = isRouteErrorResponse(error) ? storageFailureKind(error.statusText) : null;
  const title = notFound ? "Not found" : storage === "full" ? "Disk full" : storage ? "Storage problem" : "Something went wrong";
  return [{ title: `${title} · Investor Pipeline` }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "The page could not be shown. Try again; if it keeps happening, check the server log.";
  if (isRouteErrorResponse(error)) {
    const storage = storageFailureKind(error.statusText);
    if (storage && typeof error.data === "string") {
      title = storage === "full" ? "The server's disk is full" : "The server cannot use its database";
      detail = error.data;
    } else if (error.status === 404) {
      title = "Not found";
      detail = "There is nothing at this address. Check the link, or go back to the dashboard.";
    } else {
      title = `${error.status} ${error.statusText}`;
      detail = typeof error.data === "string" && error.data ? error.data : detail;
    }
  }
  return (
    <section className="panel error-panel" role="alert">
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <Link to="/">Back to the dashboard</Link>
      </p>
    </section>
  );
}
