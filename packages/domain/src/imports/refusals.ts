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

/** Why a call on an import is refused: its state, or a mapping the file does not bear out. */
export const IMPORT_CALL_REFUSALS = {
  IMPORT_LOCKED:
    'The import is being checked or committed, or is already committed: it cannot be remapped or checked now.',
  IMPORT_NOT_COMMITTABLE: 'Only an import whose last check finished with no errors can be committed.',
  IMPORT_COLUMNS_MISSING:
    'A sheet to import lacks a required column: map one of its headers to it, or leave the sheet out.',
  IMPORT_MAPPING_INVALID: 'The mapping names a sheet, column or header the uploaded file does not have.',
} as const;
/** A refusal code of calls on an import. */
export type ImportCallRefusalCode = keyof typeof IMPORT_CALL_REFUSALS;
