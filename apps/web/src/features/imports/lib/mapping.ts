import {
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportKind,
  matchHeaders,
  type TImportMappingRequest,
  type TImportSheet,
} from '@lending/domain';

/**
 * What the lender has chosen for one sheet: the kind to read it as (null: leave it out) and, per
 * column key of that kind, the file's header to read it from (null: the file does not have it).
 */
export type TSheetDraft = { name: string; kind: ImportKind | null; columns: Record<string, string | null> };

/** The columns a kind's sheet takes, in the template's order. */
export const columnsOf = (kind: ImportKind): readonly ImportColumn[] => IMPORT_COLUMNS[kind];

/** The headers a sheet's columns may be read from: its header row without blanks or repeats. */
export const headerChoices = (sheet: TImportSheet): string[] => [
  ...new Set(sheet.headers.map((header) => header.trim()).filter((header) => header !== '')),
];

/** A mapping of column key → header position as one of header texts (or null) for every column of the kind. */
const columnsByHeader = (
  kind: ImportKind,
  headers: readonly string[],
  mapping: Partial<Record<string, number>>,
): Record<string, string | null> => {
  const columns: Record<string, string | null> = {};
  for (const column of columnsOf(kind)) {
    const index = mapping[column.key];
    const header = index === undefined ? '' : (headers[index] ?? '').trim();
    columns[column.key] = header === '' ? null : header;
  }
  return columns;
};

/** The sheet as the server matched it: its kind and each column's header. */
export const draftOf = (sheet: TImportSheet): TSheetDraft => ({
  name: sheet.name,
  kind: sheet.kind,
  columns: sheet.kind === null ? {} : columnsByHeader(sheet.kind, sheet.headers, sheet.mapping),
});

/**
 * The sheet read as another kind: the server's mapping when it is the kind the server chose, else
 * the file's headers matched by name to the new kind's columns (as the server would match them).
 */
export const draftForKind = (sheet: TImportSheet, kind: ImportKind | null): TSheetDraft => {
  if (kind === sheet.kind) return draftOf(sheet);
  if (kind === null) return { name: sheet.name, kind, columns: {} };
  const { mapping } = matchHeaders(kind, sheet.headers);
  return { name: sheet.name, kind, columns: columnsByHeader(kind, sheet.headers, mapping) };
};

/** The required columns a sheet's draft gives no header for (none when the sheet is left out). */
export const missingColumns = (draft: TSheetDraft): ImportColumn[] =>
  draft.kind === null
    ? []
    : columnsOf(draft.kind).filter(
        (column) => column.required && (draft.columns[column.key] ?? null) === null,
      );

/** PUT /imports/:id/mapping's body for the drafts (and the cut-over day when changed). */
export const mappingRequest = (
  drafts: readonly TSheetDraft[],
  cutOverDate?: string,
): TImportMappingRequest => ({
  sheets: drafts.map((draft) => ({ name: draft.name, kind: draft.kind, columns: draft.columns })),
  ...(cutOverDate === undefined ? {} : { cutOverDate }),
});
