/** Why an import file is refused as a whole (its rows' own errors are listed, never thrown). */
export const IMPORT_REFUSALS = {
  IMPORT_FILE_EMPTY: 'The import file is empty, or none of its sheets has a header row.',
  IMPORT_FILE_TYPE:
    'The import file is not an .xlsx workbook or a CSV text file (checked by its bytes, not its name).',
  IMPORT_FILE_UNREADABLE:
    'The import file looks like an .xlsx or CSV file but cannot be read (damaged, or a quote left open).',
  IMPORT_TOO_MANY_ROWS: 'The import file has more rows than one import takes; split it into smaller files.',
  IMPORT_BAD_HEADER: 'A sheet of the import file has the same column header twice.',
} as const;
/** A refusal code of import files. */
export type ImportRefusalCode = keyof typeof IMPORT_REFUSALS;
