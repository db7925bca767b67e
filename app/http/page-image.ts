/**
 * A deck page's image answer, the same for the team's page (/startups/:id/deck/:version/pages/:page)
 * and a deck link's (/d/:token/pages/:page): the `:page` parameter read, and the WebP sent with
 * its ETag, or 304 when the browser already holds it.
 */

/** The page number in a `:page` parameter ("3.webp", 1 to 999), or null. */
export function pageImageNumber(param: string): number | null {
  const match = /^([1-9]\d{0,2})\.webp$/.exec(param);
  return match ? Number(match[1]) : null;
}

/** The image with its ETag and `headers` (the cache's), or an empty 304 when If-None-Match names it. */
export function pageImageResponse(request: Request, page: { image: Uint8Array; etag: string }, headers: Headers): Response {
  const etag = `"${page.etag}"`;
  headers.set("etag", etag);
  headers.set("x-content-type-options", "nosniff");
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  headers.set("content-type", "image/webp");
  headers.set("content-length", String(page.image.byteLength));
  return new Response(new Uint8Array(page.image), { headers });
}
