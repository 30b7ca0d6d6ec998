import { MAX_LOAN_AMOUNT_PAISE } from '../lending/limits';
import { formatRupees } from '../money/paise';
import { ADDRESS_MAX, NAME_MAX } from '../schemas/common';
import { IMPORT_FILE_MAX_BYTES } from '../schemas/imports';
import { MAX_TENURE_DAYS } from '../schemas/loans';
import { DATE_MAX, DATE_MIN } from '../schemas/primitives';
import { PAYMENT_MODE_WORDS } from './check-collections';
import { LOAN_STATUS_WORDS } from './check-loans';
import { IMPORT_REFERENCE_MAX } from './check-people';
import { IMPORT_COLUMNS } from './columns';
import {
  IMPORT_KIND_TITLES,
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportValueForm,
} from './kinds';
import { importMessages } from './messages';
import { IMPORT_REFUSALS } from './refusals';

/** What a cell of each form may hold, as the column tables say it. */
export const IMPORT_FORM_TEXT: Record<ImportValueForm, string> = {
  text: 'text',
  mobile: 'a mobile number ([forms](#mobile-numbers))',
  email: 'an e-mail address',
  agent: "an agent's mobile or e-mail",
  customer: "a customer's mobile or customer reference",
  loan: 'a loan reference, loan code or mobile',
  amount: 'rupees ([forms](#amounts))',
  date: 'a date ([forms](#dates))',
  count: 'a whole number',
  'yes-no': 'Yes or No',
  'loan-status': 'a status ([words](#statuses-and-modes))',
  'payment-mode': 'a mode ([words](#statuses-and-modes))',
};

const cell = (text: string) => text.replaceAll('|', '\\|');

const columnRow = (column: ImportColumn) =>
  `| ${column.header} | ${column.required ? 'yes' : ''} | ${cell(column.synonyms.join(', '))} | ${IMPORT_FORM_TEXT[column.form]} | ${cell(column.note)} | ${cell(column.examples.filter(Boolean).join(' · '))} |`;

const kindSection = (kind: (typeof IMPORT_KINDS)[number]) => [
  `### ${IMPORT_KIND_TITLES[kind]}`,
  '',
  '| column | required | also read as | holds | what to write | examples |',
  '|---|---|---|---|---|---|',
  ...(IMPORT_COLUMNS[kind] as readonly ImportColumn[]).map(columnRow),
  '',
];

const words = (entries: readonly (readonly [string, readonly string[]])[]) =>
  entries.map(([value, list]) => `- \`${value}\`: ${list.join(', ')}`);

/** Errors as the preview lists them: row, the file's header, the message. */
const SAMPLE_ERRORS: readonly (readonly [number, string, string])[] = [
  [4, 'Email', importMessages.required],
  [60000, 'Mobile', importMessages.notMobile('98765')],
  [5, 'Amount', importMessages.notAmount('12 rupees')],
  [6, 'Amount', importMessages.amountDecimals('10.125')],
  [9, 'Loan amount', importMessages.overLoanLimit(12_00_00_000_00, MAX_LOAN_AMOUNT_PAISE)],
  [8, 'Start date', importMessages.impossibleDate('31/04/2026')],
  [10, 'Date', importMessages.monthFirst('11/25/2026')],
  [7, 'Loan reference', importMessages.appearsAgain('LN-1', 3)],
  [12, 'Agent', importMessages.noAgent('mobile', '9876500000')],
  [14, 'Name', importMessages.controlCharacters],
  [15, 'Name', importMessages.unreadableText],
  [4, 'Amount', importMessages.formulaWithoutValue],
  [4, 'Customer', importMessages.mergedCells('B4:B5')],
];

/** The template's About sheet: how to fill it in, one paragraph a line. */
export const importAboutLines = (): string[] => [
  'How to fill in this template',
  `Fill in the sheets you need, in this order: ${IMPORT_KINDS.map((kind) => IMPORT_KIND_TITLES[kind]).join(', ')}. A customer may name an agent of the Agents sheet, a loan a customer of the Customers sheet, and a collection a loan of the Loans sheet.`,
  'Keep the header row; every header has a note saying what to write. Columns marked Required in their note must be filled on every row. Delete the two example rows before you upload.',
  'Amounts are rupees with at most 2 decimals (1,200.50 or ₹ 1200). Dates are DD/MM/YYYY (or an Excel date). Mobile numbers are 10 digits; +91 and a leading 0 are taken off.',
  `One file takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows. Do not merge cells, and type values rather than formulas that point at other files.`,
  'Nothing is saved until every row is right: the upload lists each error as "Row 12, Mobile: …".',
  'You can also upload one CSV file per sheet, with the same headers.',
];

/** How the import wizard's calls go, from upload to commit (the server's side). */
const SERVER_FLOW = [
  '## From upload to commit',
  '',
  'Admins and the superadmin import (agents and customers are refused). Each step is a call of',
  '`/api/imports` ([ACCESS.md](ACCESS.md) lists them); the check and the commit run as background',
  'jobs ([jobs.md](jobs.md)) whose progress the import answers as `job`.',
  '',
  '1. **Upload** (`POST /api/imports`, multipart `file` and `cutOverDate`, today when absent and never',
  `   after it; at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB). The file is streamed into the file storage while its SHA-256 is`,
  "   taken, then read once to the end: each sheet's header row and data rows counted. A file refused",
  "   as a whole answers 400 with its code (above) and nothing of it is kept. Each sheet's kind is",
  "   proposed from its name (a CSV's from the file name), its columns from the choices the lender",
  '   made last time for that kind, then by header. Uploading a file that was imported before says so.',
  '2. **Mapping** (`PUT /api/imports/:id/mapping`): per sheet, the kind (or none: left out) and, per',
  '   column, the header to read it from (or none). The choices are remembered per kind for the',
  "   lender's next files; the import goes back to *uploaded* and its last check is cleared.",
  '3. **Check** (`POST /api/imports/:id/check`, a dry run): refused while a sheet to import lacks a',
  '   required column. The job reads the stored file again, sheet kind after sheet kind (agents,',
  "   customers, loans, collections, whatever the workbook's order), checks every row a thousand at",
  '   a time (the book asked once per batch), stores every error, and counts per kind the rows, those',
  '   without error and the collections to match. It holds a batch of rows and the keys already',
  '   claimed (mobiles, e-mails, references), never the file. Errors are read a page at a time in',
  '   file order (`GET /api/imports/:id/errors`, optionally of one sheet).',
  '4. **Commit** (`POST /api/imports/:id/commit`): only for a checked import with no error. The job',
  '   writes the whole import in **one database transaction**: every row is checked again as the',
  '   check did (the book may have changed since; the first error fails the job, naming the row, and',
  '   nothing is written), then written a batch at a time: agents and customers (with their agent and',
  '   the customer who referred them, and each customer reference kept), loans, collections. Rows of',
  '   the file that later rows name get their new ids as they are written. A commit that fails, is',
  '   stopped or dies with its process leaves no row of the import; checking again and committing',
  '   starts from nothing. Once committed the stored file is deleted. (On the embedded PGlite',
  '   database, which has one connection, other calls wait while a commit runs.)',
  '',
  'Imported agents and customers get no password: they set their own through "forgot password"',
  '(or an admin sets one on their page). Each person written is audited (`user_imported`, with the',
  "import, the file and the row), as are the upload, the mapping, the check's and the commit's",
  'start and the commit itself.',
  '',
  'Importing the same file again changes nothing: its people, customer and loan references are in',
  'the book now, so the check lists every such row as already in the book, and an import with',
  'errors is never committed.',
  '',
];

/** docs/import.md, generated from the column declarations and rules (`npm run docs:import`); a test keeps the two equal. */
export const importDocument = (): string =>
  [
    '# Importing a book from spreadsheets',
    '',
    '<!-- Generated from packages/domain/src/imports by `npm run docs:import`; do not edit by hand. -->',
    '',
    'A lender moving in brings its book as an .xlsx workbook (a sheet per kind: Agents, Customers,',
    'Loans, Collections) or a CSV file per kind. The template has every column below, a note on',
    'every header and two example rows. Sheets are read in that order, so a customer may name an',
    'agent of the Agents sheet, a loan a customer of the Customers sheet, and a collection a loan of',
    'the Loans sheet. The first row of a sheet with two cells or more is its header row (a title',
    'above it is passed over); empty rows are skipped.',
    'Headers are matched ignoring case, spaces and punctuation, by the header or any of the names',
    'it is also read as; a lender may map other headers by hand. Columns the import does not know',
    'are left unread. Every row is checked before anything is saved, and every error is named as',
    '"Row 12, Mobile: …" with the header as the file writes it.',
    '',
    '## Columns',
    '',
    ...IMPORT_KINDS.flatMap(kindSection),
    'KYC documents (Aadhaar, PAN, voter card, bank cheque) are pictures, not spreadsheet cells: they',
    "are added on the customer's page after the import.",
    '',
    "A loan's position on the cut-over day: EMIs 1 … *EMIs paid* are settled, *Carried dues* of",
    'their instalment money is still owed (carried to the next EMI, as the book carries a part',
    "payment's shortfall), and what *Amount paid* has beyond that went towards the next EMI. Amount",
    'paid alone gives whole EMIs and a part of the next; EMIs paid alone are paid in full less the',
    'carried dues; given both, they must agree to within one EMI.',
    '',
    'The position enters the book as an *opening position* on the cut-over day, never as collections',
    "of past days: no day's cash, collections report or day totals shows the money paid before it. A",
    'running loan keeps its open EMIs (carried dues, the rest of a part-paid EMI and late charges on',
    'the first of them); a closed or defaulted loan is settled, what was not paid written off. How each',
    'column becomes EMIs and ledger rows: lending-rules.md, "Loans taken over from another book".',
    '',
    '## Accepted forms',
    '',
    '### Amounts',
    '',
    'Rupees with at most 2 decimals, read to the exact paisa: `1200`, `1200.50`, `1,200.50`,',
    '`1,20,000` (Indian or international grouping), `₹ 1200`, `Rs. 500`, `INR 500`, `1,20,000/-`, or',
    'a number cell. A third decimal is refused, never rounded; so are negative amounts, `1.200,50`',
    'and anything else. A spreadsheet number is taken to its 15 significant digits, as Excel shows it.',
    '',
    '### Dates',
    '',
    '`DD/MM/YYYY`, `DD-MM-YYYY`, `DD.MM.YYYY` (a two-digit year is 20YY), `YYYY-MM-DD`,',
    '`5-Nov-2026`, `5 November 2026`, `Nov 5, 2026`, a time after the date ignored, or an Excel date',
    "cell (its serial number, in the workbook's 1900 or 1904 date system; Excel's 29/02/1900 does",
    'not exist). A date that does not exist (`31/04/2026`) is refused, and so is a month-first date',
    `that cannot be a day-first one (\`11/25/2026\`). Every date lies between ${DATE_MIN} and ${DATE_MAX}.`,
    '',
    '### Mobile numbers',
    '',
    "The product's rule: 10 digits starting with 6, 7, 8 or 9. Spaces, dashes and brackets are",
    'dropped, and a leading `+91`, `0091`, `91` or `0` is taken off: `+91 98765 43210`,',
    '`098765-43210` and the number cell `9876543210` are all `9876543210`.',
    '',
    '### Statuses and modes',
    '',
    'Loan status (blank: `approved`):',
    '',
    ...words(LOAN_STATUS_WORDS),
    '',
    'Payment mode (blank: `cash`):',
    '',
    ...words(PAYMENT_MODE_WORDS),
    '',
    '## Limits',
    '',
    `- At most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} data rows in one file, over all its sheets.`,
    `- Loan amount above ₹0 and at most ${formatRupees(MAX_LOAN_AMOUNT_PAISE)}; per-day EMI above ₹0 and at most the loan amount; EMI × tenure at least the loan amount.`,
    `- Tenure 1 to ${MAX_TENURE_DAYS.toLocaleString('en-IN')} days; the last EMI on or before ${DATE_MAX}.`,
    `- Names of 2 to ${NAME_MAX} characters, addresses of at most ${ADDRESS_MAX}, references of at most ${IMPORT_REFERENCE_MAX}.`,
    "- Each agent's and each customer's mobile once and not already in the book; each e-mail once over Agents and Customers and not already in the book; each loan reference and customer reference once and not already in the book; each UTR once.",
    '',
    '## When a whole file is refused',
    '',
    '| code | meaning |',
    '|---|---|',
    ...Object.entries(IMPORT_REFUSALS).map(([code, meaning]) => `| \`${code}\` | ${cell(meaning)} |`),
    '',
    'The file is checked by its bytes, not its name: a PDF or a picture renamed `.xlsx`, an old',
    '`.xls` workbook and an empty file are refused before any row is read. A sheet with the same',
    'header twice is refused naming it; a file over the row limit is refused as soon as it crosses',
    'it, without reading the rest.',
    '',
    '## Errors on rows',
    '',
    'Everything else is an error of one cell, listed with its row and column; for example:',
    '',
    ...SAMPLE_ERRORS.map(([row, column, message]) => `- Row ${row}, ${column}: ${message}`),
    '',
    'A formula cell is read by the value Excel stored with it; merged cells are reported with their',
    'range on the first row they span. A row with errors still claims its mobile, e-mail and',
    'references, so one mistake is reported once, not again on every row that names it.',
    '',
    'A collection whose loan is in neither the book nor the file is no error: the money was received,',
    'so the row is counted as *to match* and, once imported, waits in a list until an admin names its',
    'loan (or dismisses it).',
    '',
    ...SERVER_FLOW,
  ].join('\n');
