/**
 * Requests the server tests send again and again, written once: a page form posted the way a
 * browser without JavaScript posts it, and a list imported through the import page.
 */

/** Who sends a request: a signed-in browser's cookie, a script's passcode header, or no one. */
export type Credential = { cookie: string } | { passcode: string } | Record<string, never>;

/** A server's address, or the server itself (anything with its `url`). */
export type Target = string | { url: string };

export type Fields = Record<string, string | readonly string[]>;

function urlOf(target: Target): string {
  return typeof target === "string" ? target : target.url;
}

function headersOf(as: Credential): Record<string, string> {
  if ("cookie" in as) return { cookie: as.cookie };
  if ("passcode" in as) return { "x-admin-passcode": as.passcode };
  return {};
}

/** A form body with repeated keys for list values (`sectors=a&sectors=b`), as a browser sends it. */
export function formBody(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of typeof value === "string" ? [value] : value) body.append(key, item);
  }
  return body;
}

/** Posts a page form (urlencoded, redirects not followed: the 302/303 is the answer to check). */
export function postForm(
  target: Target,
  path: string,
  fields: Fields,
  options: { as?: Credential; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${urlOf(target)}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headersOf(options.as ?? {}), ...options.headers },
    body: formBody(fields),
  });
}

export type ImportOptions = {
  /** The script's passcode header or a session cookie (no credential: an anonymous request). */
  as: Credential;
  /** `commit` (the default) saves the list; `preview` answers the page with what would change. */
  intent?: "preview" | "commit";
  filename?: string;
  /** The file part's type; none by default, as a browser sends a file it cannot name. */
  type?: string;
  /** More form fields beside the file, such as the column mapping (`map.0`). */
  fields?: Record<string, string>;
  /** The import page's path: `/investors/import` unless a test means another. */
  path?: string;
};

/** The multipart body the import page's form sends. */
export function importForm(file: string | Uint8Array, options: Omit<ImportOptions, "as" | "path"> = {}): FormData {
  const form = new FormData();
  form.set("intent", options.intent ?? "commit");
  for (const [key, value] of Object.entries(options.fields ?? {})) form.set(key, value);
  const part = typeof file === "string" ? file : new Uint8Array(file);
  form.set("file", new Blob([part], options.type ? { type: options.type } : {}), options.filename ?? "investors.csv");
  return form;
}

/**
 * Imports a list through the import page (POST /investors/import): a commit answers 303 to the
 * investors, a preview 200 with the page. Redirects are not followed.
 */
export function importCsv(target: Target, file: string | Uint8Array, options: ImportOptions): Promise<Response> {
  return fetch(`${urlOf(target)}${options.path ?? "/investors/import"}`, {
    method: "POST",
    redirect: "manual",
    headers: headersOf(options.as),
    body: importForm(file, options),
  });
}

/**
 * The import page's form as the preview posts it back: any fields (`upload`, `intent`, `map.N`,
 * `value.FIELD.KEY`) and a file part where one is given. Redirects are not followed.
 */
export function postImport(target: Target, as: Credential, fields: Record<string, string | Blob>): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return fetch(`${urlOf(target)}/investors/import`, { method: "POST", redirect: "manual", headers: headersOf(as), body: form });
}

/** The token a preview page carries for its upload. */
export function uploadToken(html: string): string {
  return /name="upload" value="([^"]+)"/.exec(html)?.[1] ?? "";
}
