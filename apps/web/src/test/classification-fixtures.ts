import type {
  TClassificationSummary,
  TDayEndClose,
  TDayEndClosePage,
  TRegisterPage,
  TRegisterRow,
} from '@lending/domain';

/** A loan in the register of the close of 2026-11-20: NPA for 95 days, Ramesh's customer. */
export const makeRegisterRow = (loanId: number, overrides: Partial<TRegisterRow> = {}): TRegisterRow => ({
  loanId,
  loanCode: `LN${String(loanId).padStart(4, '0')}`,
  customer: { id: 40 + loanId, name: 'Sunita Devi', mobile: '9876500001' },
  agent: { id: 30, name: 'Ramesh Agent' },
  loanClass: 'npa',
  ownClass: 'npa',
  previousClass: 'sma2',
  byBorrower: false,
  daysPastDue: 95,
  since: '2026-11-16',
  outstanding: 48_500,
  arrears: 14_250,
  ...overrides,
});

/** The totals of every class over the filter (standard first), as the register answers them. */
export const REGISTER_CLASS_TOTALS: TRegisterPage['classes'] = [
  { loanClass: 'standard', loans: 120, outstanding: 1_234_567 },
  { loanClass: 'sma0', loans: 6, outstanding: 60_000 },
  { loanClass: 'sma1', loans: 3, outstanding: 31_000 },
  { loanClass: 'sma2', loans: 1, outstanding: 9_000 },
  { loanClass: 'npa', loans: 2, outstanding: 97_000 },
];

/** One page of the register of the close of 2026-11-20. */
export const makeRegisterPage = (
  rows: TRegisterRow[],
  overrides: Partial<TRegisterPage> = {},
): TRegisterPage => ({
  asOf: '2026-11-20',
  closedAt: '2026-11-20T18:05:00.000Z',
  rows,
  total: rows.length,
  page: 1,
  totalPages: 1,
  classes: REGISTER_CLASS_TOTALS,
  ...overrides,
});

/** The register before any close has run. */
export const NO_CLOSE_REGISTER: TRegisterPage = {
  asOf: null,
  closedAt: null,
  rows: [],
  total: 0,
  page: 1,
  totalPages: 0,
  classes: [],
};

/** The dashboard card's answer after the close of 2026-11-20. */
export const makeClassificationSummary = (
  overrides: Partial<TClassificationSummary> = {},
): TClassificationSummary => ({
  asOf: '2026-11-20',
  outstanding: 1_431_567,
  npaOutstanding: 97_000,
  npaShare: 6.78,
  classes: REGISTER_CLASS_TOTALS,
  ...overrides,
});

/** A finished scheduled close of 2026-11-20 that took 4.2 s. */
export const makeDayEndClose = (
  businessDate: string,
  overrides: Partial<TDayEndClose> = {},
): TDayEndClose => ({
  businessDate,
  status: 'succeeded',
  runs: 1,
  loans: 132,
  changes: 5,
  outstanding: 1_431_567,
  npaOutstanding: 97_000,
  startedAt: `${businessDate}T18:00:00.000Z`,
  finishedAt: `${businessDate}T18:00:04.200Z`,
  durationMs: 4_200,
  startedBy: null,
  jobId: 70,
  error: null,
  ...overrides,
});

/** One page of closes, run by themselves at 23:30. */
export const makeDayEndClosePage = (
  closes: TDayEndClose[],
  overrides: Partial<TDayEndClosePage> = {},
): TDayEndClosePage => ({
  closes,
  total: closes.length,
  page: 1,
  totalPages: 1,
  closeAt: '23:30',
  ...overrides,
});
