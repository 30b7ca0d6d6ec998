import { columnNames, IMPORT_COLUMNS, type ImportColumnKey } from './columns';
import { type ImportColumn, type ImportKind, normalizeHeader } from './kinds';

/** Which column of the file (0-based) holds each declared column; a column not in the file is absent. */
export type ImportMapping<K extends ImportKind = ImportKind> = Partial<Record<ImportColumnKey<K>, number>>;

/**
 * A mapping the lender chose (remembered per lender): per column key, the file's header text or its
 * position (0-based), or null for "this file does not have it". Keys it leaves out, and choices this
 * file has no such header for, are matched by name.
 */
export type ImportMappingOverride<K extends ImportKind = ImportKind> = Partial<
  Record<ImportColumnKey<K>, string | number | null>
>;

/** How a header row matches a kind's columns. */
export type HeaderMatch<K extends ImportKind = ImportKind> = {
  mapping: ImportMapping<K>;
  /** Headers of the file that match no column (their cells are not read). */
  unknown: string[];
  /** Required columns the file does not have. */
  missing: ImportColumnKey<K>[];
  /** Headers naming a column an earlier header already gave (the earlier one is read). */
  duplicates: string[];
};

const columnsOf = (kind: ImportKind): readonly ImportColumn[] => IMPORT_COLUMNS[kind];

/** The column a header names, by its key, header or a synonym, ignoring case, spaces and punctuation. */
export const columnOfHeader = (kind: ImportKind, header: string): ImportColumn | null => {
  const name = normalizeHeader(header);
  if (name === '') return null;
  return columnsOf(kind).find((column) => columnNames(column).includes(name)) ?? null;
};

const overrideIndex = (headers: readonly string[], choice: string | number): number | undefined => {
  if (typeof choice === 'number')
    return Number.isInteger(choice) && choice >= 0 && choice < headers.length ? choice : undefined;
  const wanted = normalizeHeader(choice);
  const index = headers.findIndex((header) => normalizeHeader(header) === wanted);
  return index === -1 ? undefined : index;
};

/**
 * Matches a sheet's header row to a kind's columns: first the lender's own choices (`override`),
 * then each header by name. The first header naming a column wins; blank headers are ignored.
 */
export const matchHeaders = <K extends ImportKind>(
  kind: K,
  headers: readonly string[],
  override: ImportMappingOverride<K> = {},
): HeaderMatch<K> => {
  const mapping: Record<string, number> = {};
  const claimed = new Set<number>();
  // Columns the lender decided: mapped to a header found in this file, or declared absent.
  const decided = new Set<string>();
  for (const [key, choice] of Object.entries(override) as [string, string | number | null | undefined][]) {
    if (choice === undefined || !columnsOf(kind).some((c) => c.key === key)) continue;
    const index = choice === null ? undefined : overrideIndex(headers, choice);
    if (index !== undefined && !claimed.has(index)) {
      mapping[key] = index;
      claimed.add(index);
    }
    if (choice === null || index !== undefined) decided.add(key);
  }
  const unknown: string[] = [];
  const duplicates: string[] = [];
  headers.forEach((header, index) => {
    if (claimed.has(index) || normalizeHeader(header) === '') return;
    const column = columnOfHeader(kind, header);
    if (column === null) unknown.push(header);
    else if (decided.has(column.key)) unknown.push(header);
    else if (column.key in mapping) duplicates.push(header);
    else mapping[column.key] = index;
  });
  const missing = columnsOf(kind)
    .filter((column) => column.required && !(column.key in mapping))
    .map((column) => column.key as ImportColumnKey<K>);
  return { mapping: mapping as ImportMapping<K>, unknown, missing, duplicates };
};
