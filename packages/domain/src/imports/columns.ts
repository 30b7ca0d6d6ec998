import { COLLECTION_COLUMNS, LOAN_COLUMNS } from './columns-loans';
import { AGENT_COLUMNS, CUSTOMER_COLUMNS } from './columns-people';
import { type ImportColumn, type ImportKind, normalizeHeader } from './kinds';

/** The columns each kind's sheet takes, in the template's order. */
export const IMPORT_COLUMNS = {
  agents: AGENT_COLUMNS,
  customers: CUSTOMER_COLUMNS,
  loans: LOAN_COLUMNS,
  collections: COLLECTION_COLUMNS,
} as const satisfies Record<ImportKind, readonly ImportColumn[]>;

/** A column key of a kind, e.g. 'mobile' of customers. */
export type ImportColumnKey<K extends ImportKind> = (typeof IMPORT_COLUMNS)[K][number]['key'];

/** The declaration of one column of a kind. */
export const importColumn = <K extends ImportKind>(kind: K, key: ImportColumnKey<K>): ImportColumn => {
  const column = (IMPORT_COLUMNS[kind] as readonly ImportColumn[]).find((c) => c.key === key);
  if (column === undefined) throw new RangeError(`No column ${key} in ${kind}`);
  return column;
};

/** Every name a column is recognised by, normalised: its key, its header and its synonyms. */
export const columnNames = (column: ImportColumn): string[] =>
  [column.key, column.header, ...column.synonyms].map(normalizeHeader);
