/** What a lender can bring in from spreadsheets, in the order an import takes them. */
export const IMPORT_KINDS = ['agents', 'customers', 'loans', 'collections'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Each kind's sheet name in the template, and its title on the import screens. */
export const IMPORT_KIND_TITLES: Record<ImportKind, string> = {
  agents: 'Agents',
  customers: 'Customers',
  loans: 'Loans',
  collections: 'Collections',
};

/** One import file takes at most this many data rows, over all its sheets. */
export const IMPORT_MAX_ROWS = 200_000;

/**
 * What a cell of a column holds, which decides how it is read: the forms each accepts are listed
 * in docs/import.md.
 */
export type ImportValueForm =
  | 'text'
  | 'mobile'
  | 'email'
  | 'agent'
  | 'customer'
  | 'loan'
  | 'amount'
  | 'date'
  | 'count'
  | 'yes-no'
  | 'loan-status'
  | 'payment-mode';

/**
 * A column of an import sheet: its key, the header the template shows, the other headers it is
 * recognised by, whether every row needs it, a note in the lender's words and two example cells
 * (the template's two example rows).
 */
export type ImportColumn = {
  key: string;
  header: string;
  synonyms: readonly string[];
  required: boolean;
  form: ImportValueForm;
  note: string;
  examples: readonly [string, string];
};

/**
 * A header as it is compared: letters and digits only, lower case, so 'Mobile No.', 'mobile no'
 * and 'MOBILE_NO' are one header.
 */
export const normalizeHeader = (header: string): string =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const SHEET_WORDS: readonly (readonly [ImportKind, readonly string[]])[] = [
  ['collections', ['collection', 'payment', 'statement', 'receipt']],
  ['agents', ['agent', 'collector', 'staff']],
  ['customers', ['customer', 'borrower', 'member']],
  ['loans', ['loan']],
];

/** The kind a sheet (or a CSV file's name) holds by its name, e.g. 'Loans', 'collection-sheet.csv'; null when none. */
export const importKindOfSheet = (name: string): ImportKind | null => {
  const words = normalizeHeader(name.replace(/\.(csv|xlsx)$/i, ''));
  return SHEET_WORDS.find(([, stems]) => stems.some((stem) => words.includes(stem)))?.[0] ?? null;
};
