/**
 * Text a spreadsheet would run as a formula ('=…', '+…', '-…', '@…', or a leading tab or carriage
 * return) made plain text with a leading apostrophe (CSV injection); null is an empty cell.
 */
export const defuseCsvText = (text: string | null | undefined): string => {
  if (text === null || text === undefined) return '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};
