import { BOOK_EXPORT_FILES, type BookExportFileName } from './book-export';
import { BOOK_EXPORT_FORMATS, type BookExportKind } from './cells';

/** Days a book export stays in storage; housekeeping deletes it after that. */
export const BOOK_EXPORT_KEPT_DAYS = 7;

/** What the export never holds, and why: the README and docs/export.md both say it. */
export const BOOK_EXPORT_NEVER_EXPORTED = [
  'Passwords and their hashes: a hash can be attacked offline to find the password.',
  'Sign-in sessions and password-reset tokens (the product keeps only their hashes): credentials, of no use to an auditor.',
  "Idempotency keys and the answers kept with them: the server's record of retried calls, not the book.",
  "The server's secrets (the key that signs document links): whoever holds it can open any stored document.",
  'Identity documents and photos (Aadhaar card, voter card, PAN card, bank cheque, photos, QR codes) and their storage names: the customers and agents files say only whether each is on file. The product stores the image of an Aadhaar card, never its number, so no Aadhaar number, full or masked, is in the export.',
] as const;

/** Records of the product left out because they are not the book, or are sums of what is in it. */
export const BOOK_EXPORT_LEFT_OUT =
  'notifications, support messages, to-dos, app releases, sign-in throttling counters, credit events (they repeat payments and bounces), cash day closes and every kept total (sums of the ledger and the handovers).';

const formats = Object.entries(BOOK_EXPORT_FORMATS) as [BookExportKind, string][];

/** Every file with what a row is and every column with its kind and meaning, as plain text. */
const fileLines = (rows: Record<BookExportFileName, number>): string[] =>
  BOOK_EXPORT_FILES.flatMap((file) => {
    const count = rows[file.name];
    return [
      `${file.name}: ${file.rows} ${count} row${count === 1 ? '' : 's'}.`,
      ...file.columns.map((column) => `  ${column.header} (${column.kind}): ${column.meaning}`),
      '',
    ];
  });

/**
 * The README.txt of a book export: what it is, when it was taken, the formats, what is never in it,
 * and every file with its row count and every column in plain words.
 */
export const bookExportReadme = (takenAt: Date, rows: Record<BookExportFileName, number>): string =>
  [
    'BOOK EXPORT',
    '',
    `Every record of the lending book, as CSV files, taken at ${takenAt.toISOString()} (UTC).`,
    'All files were read in one snapshot of the database, so they agree with each other: a record',
    'written while the export ran is in none of them, and every payment has its ledger rows.',
    '',
    'FORMATS',
    '',
    '- Files: CSV, UTF-8 with a byte-order mark, comma-separated, one row per line, the first line',
    '  naming the columns; a cell holding a comma, a quote or a line break is quoted.',
    '- An empty cell means no value.',
    ...formats.map(([kind, format]) => `- ${kind}: ${format}.`),
    '',
    'NEVER EXPORTED',
    '',
    ...BOOK_EXPORT_NEVER_EXPORTED.map((line) => `- ${line}`),
    `- Also left out: ${BOOK_EXPORT_LEFT_OUT}`,
    '',
    'FILES',
    '',
    ...fileLines(rows),
  ].join('\n');

/**
 * The reference part of docs/export.md (`npm run docs:export`), from the same declarations as the
 * README: the formats, what is never exported, and every file's columns as a table.
 */
export const bookExportReferenceMarkdown = (): string =>
  [
    '### Formats',
    '',
    '- Files: CSV, UTF-8 with a byte-order mark, comma-separated, the first line naming the columns.',
    '- An empty cell means no value.',
    ...formats.map(([kind, format]) => `- **${kind}**: ${format}.`),
    '',
    '### Never exported',
    '',
    ...BOOK_EXPORT_NEVER_EXPORTED.map((line) => `- ${line}`),
    `- Also left out: ${BOOK_EXPORT_LEFT_OUT}`,
    '',
    ...BOOK_EXPORT_FILES.flatMap((file) => [
      `### ${file.name}`,
      '',
      file.rows,
      '',
      '| Column | Kind | Meaning |',
      '| --- | --- | --- |',
      ...file.columns.map((column) => `| \`${column.header}\` | ${column.kind} | ${column.meaning} |`),
      '',
    ]),
  ].join('\n');
