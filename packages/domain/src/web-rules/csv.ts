/** A CSV cell: text, a number, or nothing. */
export type TCsvCell = string | number | null | undefined;

/** Text a spreadsheet would run as a formula: neutralised with a leading apostrophe (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

const cell = (value: TCsvCell): string => {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV (CRLF line ends) of a header row and data rows. */
export const toCsv = (headers: readonly string[], rows: readonly (readonly TCsvCell[])[]): string =>
  [headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n');
