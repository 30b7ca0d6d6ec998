/** Rows per page of the collections report: 20 by default, these presets, or a custom number. */
export const COLLECTIONS_PAGE_SIZE = 20;
export const ROWS_PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
/** The most rows one page may ask the server for (the report's own limit). */
export const MAX_ROWS_PER_PAGE = 1000;

export const rowsPerPageMessages = {
  wholeNumber: 'Rows per page must be a whole number greater than 0',
  tooMany: `Rows per page must be at most ${MAX_ROWS_PER_PAGE}`,
} as const;

/** A custom rows-per-page typed by hand: an integer greater than 0, at most 1000. */
export const parseRowsPerPage = (
  text: string | number,
): { ok: true; value: number } | { ok: false; message: string } => {
  const raw = String(text).trim();
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) return { ok: false, message: rowsPerPageMessages.wholeNumber };
  const value = Number(raw);
  if (value > MAX_ROWS_PER_PAGE) return { ok: false, message: rowsPerPageMessages.tooMany };
  return { ok: true, value };
};
