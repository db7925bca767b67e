import sample from "../../docs/sample-investors.csv?raw";

/** The sample list the import page and Today's first morning link to: docs/sample-investors.csv, bundled at build time. */
export function loader() {
  return new Response(sample, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="sample-investors.csv"',
      "cache-control": "no-store",
    },
  });
}
