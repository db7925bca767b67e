/** A positive integer id from a path segment or a form, or undefined (an id that cannot exist is unknown). */
export function positiveId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return raw && /^\d{1,15}$/.test(raw) && Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}
