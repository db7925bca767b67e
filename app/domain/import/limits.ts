/** The most investors one import takes (docs/api.md#limits): 20,000 rows of a wide list is about 8 MB. */
export const MAX_IMPORT_ROWS = 20_000;
