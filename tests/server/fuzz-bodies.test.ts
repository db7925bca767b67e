import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, openDatabaseChecksum } from "#tests/helpers/checksum.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { importCsv } from "#tests/helpers/http.ts";

// Every JSON route and every page form, fed generated bodies over HTTP against the built server:
// never a 5xx, the error format under /api, and nothing written (any table, demo rows included)
// when the body is refused.
// FUZZ_RUNS (default 1000) sets the bodies per route.
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const PASSCODE = "fuzz-bodies-passcode";
const CRON = "fuzz-bodies-cron-secret-01234567";
/** Requests in flight at once; a batch that is all refusals must leave the checksum unchanged. */
const BATCH = 8;

type Body = { type: string | undefined; body: string | Uint8Array<ArrayBuffer>; label: string };
type Target = { method: string; path: () => string; api: boolean; form: boolean; headers: () => Record<string, string>; exclude?: RegExp };

// --- generators ------------------------------------------------------------------------------

const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "prototype",
  "isPrototypeOf",
  "__defineGetter__",
  "toJSON",
];
const FIELD_NAMES = [
  "message",
  "history",
  "role",
  "text",
  "linkedin",
  "run_id",
  "chain",
  "rubric",
  "action",
  "weights",
  "sector_keywords",
  "name",
  "firm",
  "kind",
  "website",
  "linkedin_url",
  "email",
  "sectors",
  "stages",
  "geographies",
  "check_min",
  "check_max",
  "relationship_status",
  "last_contact_date",
  "personal_notes",
  "add_contact",
  "note",
  "channel",
  "date",
  "pitch",
  "sector",
  "stage",
  "geography",
  "round_size",
  "ask",
  "passcode",
  "redirectTo",
  "intent",
  "csv",
  "file",
  "founder_name",
  "founder_pitch",
  "meeting_link",
  "email_first",
  "dont_chase",
  "original.relationship_status",
  "original.personal_notes",
  "original.last_contact_date",
  "add_contact.note",
  "weights.sector",
  "__proto__.polluted",
  "constructor.prototype.polluted",
  "history[0].role",
  "a[__proto__][x]",
];

const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12, unit: "grapheme" }) },
);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 40, unit: "grapheme" }),
  fc.string({ maxLength: 10, unit: "binary" }),
  fc.constantFrom(
    "",
    " ",
    "2026-11-23",
    "not-a-date",
    "regenerate",
    "delete",
    "evaluate",
    "seed",
    "in_conversation",
    "user",
    "assistant",
    "00000000-0000-4000-8000-000000000000",
    "=cmd|' /C calc'!A0",
    "<script>alert(1)</script>",
    "🚀".repeat(30),
    "\u0000",
    "\ud800",
  ),
  fc.integer({ min: 1, max: 5000 }).map((n) => "x".repeat(n)),
);
const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map((n) => Number(n)),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie("value")), { maxLength: 4 }).map(objectText),
  ),
}));

/** JSON object text from entries, so a key like __proto__ reaches the wire as written. */
function objectText(entries: Array<[string, unknown]>): { [raw]: string } {
  return { [raw]: `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}` };
}
const raw = Symbol("raw json");
function jsonText(v: unknown): string {
  if (v !== null && typeof v === "object" && raw in v) return (v as { [raw]: string })[raw];
  if (Array.isArray(v)) return `[${v.map(jsonText).join(",")}]`;
  return JSON.stringify(v) ?? "null";
}

const jsonType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/vnd.api+json",
      "application/json; charset=utf-16",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "",
      "application/jsonx",
    ),
  },
);

const deep = fc
  .integer({ min: 50, max: 20_000 })
  .chain((n) =>
    fc.constantFrom(
      `${"[".repeat(n)}${"]".repeat(n)}`,
      `${'{"a":'.repeat(n)}1${"}".repeat(n)}`,
      "[".repeat(n),
      `{"message":${"[".repeat(n)}`,
    ),
  );

/** A few huge bodies per route: over 64 KiB, over 512 KiB, over 2 MB. */
const huge = fc
  .constantFrom(70 * 1024, 600 * 1024, 3 * 1024 * 1024)
  .chain((size) =>
    fc.constantFrom(
      `{"message":"${"x".repeat(size)}"}`,
      `{"name":"${"\u00e9".repeat(size / 2)}","pitch":"p","sector":"s","stage":"seed"}`,
      `passcode=${"a".repeat(size)}`,
      `${"a=b&".repeat(size / 4)}`,
    ),
  );

const jsonBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .tuple(jsonType, fc.array(fc.tuple(key, value), { maxLength: 6 }))
      .map(([type, entries]) => ({ type, body: jsonText(objectText(entries)), label: "object" })),
  },
  { weight: 3, arbitrary: fc.tuple(jsonType, value).map(([type, v]) => ({ type, body: jsonText(v), label: "value" })) },
  { weight: 2, arbitrary: fc.tuple(jsonType, fc.string({ maxLength: 60 })).map(([type, body]) => ({ type, body, label: "text" })) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }), fc.nat()).map(([entries, cut]) => {
      const whole = jsonText(objectText(entries));
      return { type: "application/json", body: whole.slice(0, cut % whole.length), label: "truncated" };
    }),
  },
  { weight: 1, arbitrary: deep.map((body) => ({ type: "application/json", body, label: "deep" })) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 200 })
      .map((bytes) => ({ type: "application/json", body: new Uint8Array(bytes), label: "bytes" })),
  },
);

const formType = fc.constantFrom("application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-8");

function multipart(boundary: string, parts: Array<[string, string, boolean]>): string {
  const body = parts
    .map(
      ([name, content, file]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="f.csv"\r\nContent-Type: text/csv` : ""}\r\n\r\n${content}\r\n`,
    )
    .join("");
  return `${body}--${boundary}--\r\n`;
}

const formEntries = fc.array(fc.tuple(key, text), { maxLength: 8 });
const csvText = fc
  .array(
    fc.array(text, { maxLength: 5 }).map((cells) => cells.join(",")),
    { maxLength: 6 },
  )
  .map((rows) => ["name,firm,email,sectors", ...rows].join("\n"));

const formBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(formType, formEntries)
      .map(([type, entries]) => ({ type, body: new URLSearchParams(entries).toString(), label: "urlencoded" })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(formType, fc.string({ maxLength: 80 })).map(([type, body]) => ({ type, body, label: "urlencoded-raw" })),
  },
  {
    weight: 5,
    arbitrary: fc.tuple(formEntries, csvText, fc.boolean()).map(([entries, csv, withFile]) => ({
      type: "multipart/form-data; boundary=fuzzB",
      body: multipart("fuzzB", [
        ...entries.map(([k, v]) => [k, v, false] as [string, string, boolean]),
        ...(withFile ? [["file", csv, true] as [string, string, boolean]] : []),
      ]),
      label: "multipart",
    })),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        formEntries,
        fc.nat(),
        fc.constantFrom(
          "multipart/form-data; boundary=fuzzB",
          "multipart/form-data",
          "multipart/form-data; boundary=other",
          'multipart/form-data; boundary=""',
          "multipart/mixed; boundary=fuzzB",
        ),
      )
      .map(([entries, cut, type]) => {
        const whole = multipart(
          "fuzzB",
          entries.map(([k, v]) => [k, v, false]),
        );
        return { type, body: whole.slice(0, 1 + (cut % whole.length)), label: "multipart-malformed" };
      }),
  },
  { weight: 3, arbitrary: jsonBody },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 300 })
      .chain((bytes) =>
        fc
          .constantFrom("multipart/form-data; boundary=fuzzB", "application/x-www-form-urlencoded")
          .map((type) => ({ type, body: new Uint8Array(bytes), label: "bytes" })),
      ),
  },
);

// --- the run ---------------------------------------------------------------------------------

describe("fuzzing every request body", () => {
  let server: RunningServer;
  let cookie: string;
  let investorId: number;
  let demoInvestorId: number;
  let startupId: number;
  let doomedStartupId: number;
  const report: Array<{
    route: string;
    bodies: number;
    status: Record<number, number>;
    fiveXx: number;
    notConfigured: number;
    ms: number;
  }> = [];

  const sessionHeaders = () => ({ cookie });
  const passcodeHeaders = () => ({ "x-admin-passcode": PASSCODE });
  const cronHeaders = () => ({ authorization: `Bearer ${CRON}` });
  // Open routes: each request from a new client (Fly-Client-IP), so per-client limits do not
  // stop the fuzz before the body is read.
  const openHeaders = () => ({ "fly-client-ip": `10.${rand()}.${rand()}.${rand()}` });
  const rand = () => Math.floor(Math.random() * 256);

  const api = (method: string, path: () => string, headers: () => Record<string, string>): Target => ({
    method,
    path,
    api: true,
    form: false,
    headers,
  });
  const page = (path: () => string, headers: () => Record<string, string> = sessionHeaders, exclude?: RegExp): Target => ({
    method: "POST",
    path,
    api: false,
    form: true,
    headers,
    exclude,
  });
  // The 15 API routes (app/routes.ts; a GET route is sent bodies with POST) and every page action.
  const targets: Array<[string, Target]> = [
    [
      "GET /api/health (POST body)",
      api(
        "POST",
        () => "/api/health",
        () => ({}),
      ),
    ],
    ["GET /api/cron/refresh (POST body)", api("POST", () => "/api/cron/refresh", cronHeaders)],
    ["GET /api/cron/digest (POST body)", api("POST", () => "/api/cron/digest", cronHeaders)],
    ["POST /api/refresh", api("POST", () => "/api/refresh", passcodeHeaders)],
    ["POST /api/refresh/continue", api("POST", () => "/api/refresh/continue", cronHeaders)],
    ["POST /api/rescore", api("POST", () => "/api/rescore", cronHeaders)],
    ["GET /api/search-feed (POST body)", api("POST", () => "/api/search-feed", sessionHeaders)],
    ["POST /api/chat", api("POST", () => "/api/chat", sessionHeaders)],
    ["POST /api/chat?demo=1", api("POST", () => "/api/chat?demo=1", openHeaders)],
    ["PATCH /api/investors/:id", api("PATCH", () => `/api/investors/${investorId}`, sessionHeaders)],
    ["PATCH /api/investors/:id (demo)", api("PATCH", () => `/api/investors/${demoInvestorId}`, openHeaders)],
    ["POST /api/startups", api("POST", () => "/api/startups", sessionHeaders)],
    ["POST /api/startups/:id/evaluate", api("POST", () => `/api/startups/${startupId}/evaluate`, sessionHeaders)],
    ["PATCH /api/startups/:id/rubric", api("PATCH", () => `/api/startups/${startupId}/rubric`, sessionHeaders)],
    ["DELETE /api/startups/:id", api("DELETE", () => `/api/startups/${doomedStartupId}`, sessionHeaders)],
    ["POST /api/demo/reset", api("POST", () => "/api/demo/reset", openHeaders)],
    ["POST /api/demo/refresh", api("POST", () => "/api/demo/refresh", openHeaders)],
    [
      "POST /login",
      page(
        () => "/login",
        () => ({}),
      ),
    ],
    ["POST /logout", page(() => "/logout")],
    ["POST /settings", page(() => "/settings")],
    ["POST /refresh-now", page(() => "/refresh-now")],
    ["POST /investors/new", page(() => "/investors/new")],
    ["POST /investors/import", page(() => "/investors/import")],
    ["POST /investors/:id", page(() => `/investors/${investorId}`)],
    ["POST /investors/:id/emailed", page(() => `/investors/${investorId}/emailed`)],
    ["POST /demo/investors/:id", page(() => `/demo/investors/${demoInvestorId}`, openHeaders)],
    ["POST /demo/investors/:id/emailed", page(() => `/demo/investors/${demoInvestorId}/emailed`, openHeaders)],
    ["POST /investors/:id/next-step", page(() => `/investors/${investorId}/next-step`)],
    ["POST /demo/investors/:id/next-step", page(() => `/demo/investors/${demoInvestorId}/next-step`, openHeaders)],
    ["POST /demo/actions", page(() => "/demo/actions", openHeaders)],
    ["POST /mail/log", page(() => "/mail/log")],
    ["POST /demo/mail/log", page(() => "/demo/mail/log", openHeaders)],
    ["POST /undo", page(() => "/undo")],
    ["POST /demo/undo", page(() => "/demo/undo", openHeaders)],
    ["POST /settings/mail-sync", page(() => "/settings/mail-sync")],
    ["POST /startups/new", page(() => "/startups/new")],
    // Deleting the startup would turn every later body into a 404 before the form is read.
    ["POST /startups/:id", page(() => `/startups/${startupId}`, sessionHeaders, /intent=delete|name="intent"\r\n\r\ndelete/)],
  ];

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON, FLY_APP_NAME: "fuzz" });
    cookie = await signIn(server.url, PASSCODE);
    const csv = "name,firm,email\nFuzz Target,Fuzz Fund,fuzz@target.example.com\n";
    expect((await importCsv(server, csv, { as: { cookie } })).status).toBe(303);
    investorId = count(server.databasePath, "select id from investors where is_demo = 0 limit 1");
    demoInvestorId = count(server.databasePath, "select id from investors where is_demo = 1 limit 1");
    const ids: number[] = [];
    for (const name of ["Fuzz Kept", "Fuzz Doomed"]) {
      const created = await fetch(`${server.url}/api/startups`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ name, pitch: "Generated request bodies", sector: "devtools", stage: "seed" }),
      });
      expect(created.status).toBe(201);
      ids.push(((await created.json()) as { startup: { id: number } }).startup.id);
    }
    [startupId, doomedStartupId] = ids as [number, number];
  });

  afterAll(async () => {
    await server?.stop();
    if (report.length === 0) return;
    const total = report.reduce((sum, row) => sum + row.bodies, 0);
    const lines = report.map(
      (row) =>
        `${row.route.padEnd(36)} ${String(row.bodies).padStart(5)} bodies  5xx: ${row.fiveXx}  ${String(row.ms).padStart(6)} ms  ${JSON.stringify(row.status)}${row.notConfigured ? `  (503 not configured for a valid body: ${row.notConfigured})` : ""}`,
    );
    console.log(
      `fuzz: ${total} bodies over ${report.length} routes, ${report.reduce((sum, row) => sum + row.fiveXx, 0)} answered 5xx\n${lines.join("\n")}`,
    );
  });

  it.each(targets)(
    "%s: never a 5xx, the error format under /api, nothing written when refused",
    async (name, target) => {
      // A demo reset gives the demo investors new ids.
      demoInvestorId = count(server.databasePath, "select id from investors where is_demo = 1 limit 1");
      const arbitrary = target.form ? formBody : jsonBody;
      const started = performance.now();
      const status: Record<number, number> = {};
      let fiveXx = 0;
      let notConfigured = 0;
      const failures: string[] = [];
      const outputBefore = server.output().length;

      // RUNS generated bodies plus one of each huge size; sent BATCH at a time over keep-alive.
      const bodies: Body[] = fc.sample(arbitrary, { numRuns: RUNS, seed: hash(name) });
      for (const body of fc.sample(huge, { numRuns: 6, seed: hash(name) + 1 }))
        bodies.push({ type: target.form ? "multipart/form-data; boundary=fuzzB" : "application/json", body, label: "huge" });
      for (const body of bodies) if (target.exclude && typeof body.body === "string" && target.exclude.test(body.body)) body.body = "";

      // Every row of every table, demo rows included: a refused body on an open route writes nothing either.
      const rows = openDatabaseChecksum(server.databasePath);
      let checksum = rows.checksum();
      for (let start = 0; start < bodies.length; start += BATCH) {
        const batch = bodies.slice(start, start + BATCH);
        const answers = await Promise.all(batch.map((body) => send(target, body)));
        let accepted = false;
        answers.forEach((answer, index) => {
          const body = batch[index]!;
          status[answer.status] = (status[answer.status] ?? 0) + 1;
          if (answer.status < 400) accepted = true;
          const where = `${name} ← ${body.label} ${String(body.type)} ${preview(body.body)} → ${answer.status} ${answer.text.slice(0, 200)}`;
          if (answer.status >= 500) {
            // The contract's answer to a valid request when search or the model is not set up.
            if (target.api && answer.status === 503 && /"code":"\w+_not_configured"/.test(answer.text)) {
              notConfigured++;
              accepted = true;
            } else {
              fiveXx++;
              failures.push(where);
            }
          }
          if (/\n\s+at .+:\d+:\d+/.test(answer.text)) failures.push(`stack trace in ${where}`);
          if (target.api && answer.status >= 400) {
            const parsed = safeJson(answer.text) as { error?: { code?: unknown; message?: unknown } } | undefined;
            if (typeof parsed?.error?.code !== "string" || typeof parsed.error.message !== "string")
              failures.push(`not the error format: ${where}`);
          }
        });
        const now = rows.checksum();
        if (!accepted && now !== checksum)
          failures.push(`a refused batch wrote: ${batch.map((body) => `${body.label} ${preview(body.body)}`).join(" | ")}`);
        checksum = now;
      }
      rows.close();
      const log = server.output().slice(outputBefore);
      if (/\n\s+at .+:\d+:\d+/.test(log) || /request failed/.test(log))
        failures.push(`the server logged a failure:\n${log.slice(0, 2000)}`);
      report.push({ route: name, bodies: bodies.length, status, fiveXx, notConfigured, ms: Math.round(performance.now() - started) });
      expect(failures.slice(0, 5)).toEqual([]);
      expect(fiveXx).toBe(0);
      expect(bodies.length).toBeGreaterThanOrEqual(RUNS);
    },
    300_000,
  );

  async function send(target: Target, body: Body): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { ...target.headers() };
    if (body.type !== undefined) headers["content-type"] = body.type;
    try {
      const response = await fetch(server.url + target.path(), { method: target.method, redirect: "manual", headers, body: body.body });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      // A refused huge upload may close the connection before the whole body went out.
      if (body.label === "huge") return { status: 413, text: '{"error":{"code":"payload_too_large","message":"closed"}}' };
      throw new Error(`${target.method} ${target.path()} ← ${body.label} ${String(body.type)} ${preview(body.body)}: ${String(error)}`, {
        cause: error,
      });
    }
  }
});

function preview(body: string | Uint8Array): string {
  const text = typeof body === "string" ? body : `bytes:${Buffer.from(body).toString("hex")}`;
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…(${text.length})` : text);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) | 0;
  return h;
}
