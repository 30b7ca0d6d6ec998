import type {
  TCollectionToMatch,
  TCollectionToMatchPage,
  TImport,
  TImportError,
  TImportErrorPage,
  TImportSheet,
} from '@lending/domain';

/** A Loans sheet as the server read it: every column matched by name but the start date. */
export const makeImportSheet = (overrides: Partial<TImportSheet> = {}): TImportSheet => ({
  name: 'Loans',
  kind: 'loans',
  headerRow: 1,
  headers: ['Loan No', 'Customer mobile', 'Amount', 'Daily EMI', 'Days', 'Opened on'],
  rows: 120,
  mapping: { loan_reference: 0, customer: 1, loan_amount: 2, per_day_emi: 3, total_emi_days: 4 },
  missing: ['start_date'],
  ...overrides,
});

/** An import just uploaded by Admin Person, its one sheet matched; overrides make any later state. */
export const makeImport = (id: number, overrides: Partial<TImport> = {}): TImport => ({
  id,
  fileName: 'old-book.xlsx',
  sizeBytes: 48_000,
  status: 'uploaded',
  cutOverDate: '2026-11-20',
  sheets: [makeImportSheet({ mapping: { ...makeImportSheet().mapping, start_date: 5 }, missing: [] })],
  summary: null,
  errorCount: 0,
  uploadedBy: { id: 20, name: 'Admin Person' },
  checkJobId: null,
  commitJobId: null,
  job: null,
  createdAt: '2026-11-21T06:30:00.000Z',
  checkedAt: null,
  committedAt: null,
  ...overrides,
});

/** The job of an import at `done` of `total` rows. */
export const importJob = (
  kind: 'import.check' | 'import.commit',
  done: number,
  total: number | null,
  overrides: Partial<NonNullable<TImport['job']>> = {},
): NonNullable<TImport['job']> => ({
  id: kind === 'import.check' ? 31 : 32,
  kind,
  status: 'running',
  progressDone: done,
  progressTotal: total,
  error: null,
  ...overrides,
});

/** A checked import: loans and collections read, `errorCount` errors found. */
export const checkedImport = (id: number, errorCount: number, overrides: Partial<TImport> = {}): TImport =>
  makeImport(id, {
    status: 'checked',
    sheets: [
      makeImport(id).sheets[0] as TImportSheet,
      makeImportSheet({
        name: 'Collections',
        kind: 'collections',
        headers: ['Loan', 'Amount', 'Date'],
        rows: 400,
        mapping: { loan: 0, amount: 1, date: 2 },
        missing: [],
      }),
    ],
    summary: {
      loans: { rows: 120, valid: 120 - Math.min(errorCount, 120), written: 0, toMatch: 0 },
      collections: { rows: 400, valid: 397, written: 0, toMatch: 3, alreadyImported: 2 },
    },
    errorCount,
    checkJobId: 31,
    job: importJob('import.check', 520, 520, { status: 'succeeded' }),
    checkedAt: '2026-11-21T06:35:00.000Z',
    ...overrides,
  });

/** A page of errors: `count` of them from row 2 on, of one sheet. */
export const makeErrorPage = (
  count: number,
  { sheet = 'Loans', page = 1, total = count, totalPages = 1, firstRow = 2 } = {},
): TImportErrorPage => ({
  errors: Array.from(
    { length: count },
    (_, index): TImportError => ({
      sheet,
      row: firstRow + index,
      column: 'Customer mobile',
      message: `'98765${index}' is not a 10-digit mobile number`,
    }),
  ),
  total,
  totalPages,
  page,
});

/** A collection of ₹1,250.50 paid by UPI that no loan was found for. */
export const makeToMatch = (id: number, overrides: Partial<TCollectionToMatch> = {}): TCollectionToMatch => ({
  id,
  importId: 5,
  sheet: 'Collections',
  row: 10 + id,
  loanText: `OLD-${100 + id}`,
  amount: 1250.5,
  collectedOn: '2026-11-19',
  paymentMode: 'upi',
  utr: `UTR${id}`,
  collectedBy: id % 2 === 0 ? { id: 40 + id, name: `Agent ${id}` } : null,
  reason: `No loan with reference OLD-${100 + id}`,
  createdAt: '2026-11-21T06:40:00.000Z',
  ...overrides,
});

export const makeToMatchPage = (
  collections: TCollectionToMatch[],
  overrides: Partial<TCollectionToMatchPage> = {},
): TCollectionToMatchPage => ({
  collections,
  total: collections.length,
  totalPages: 1,
  page: 1,
  totalAmount: collections.reduce((sum, collection) => sum + collection.amount, 0),
  ...overrides,
});
