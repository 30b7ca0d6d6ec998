import type { TRegisterRow } from '../schemas/classification';
import { LOAN_CLASS_TITLES } from './rules';

/** A column of the SMA/NPA register's exports: its header and its cell (rupees as numbers, days as YYYY-MM-DD). */
export type RegisterColumn = {
  header: string;
  /** Typed text a person entered (names): a CSV defuses it against formula injection. */
  typed?: boolean;
  money?: boolean;
  cell: (row: TRegisterRow) => string | number;
};

/** The register's columns, the CSV's and the workbook's alike, in the screen's order. */
export const REGISTER_COLUMNS: readonly RegisterColumn[] = [
  { header: 'Loan Code', cell: (row) => row.loanCode },
  { header: 'Customer', typed: true, cell: (row) => row.customer.name },
  { header: 'Mobile', cell: (row) => row.customer.mobile ?? '' },
  { header: 'Agent', typed: true, cell: (row) => row.agent?.name ?? '' },
  { header: 'Class', cell: (row) => LOAN_CLASS_TITLES[row.loanClass] },
  { header: 'Own Class', cell: (row) => LOAN_CLASS_TITLES[row.ownClass] },
  { header: 'NPA by Borrower', cell: (row) => (row.byBorrower ? 'Yes' : 'No') },
  { header: 'Days Past Due', cell: (row) => row.daysPastDue },
  { header: 'In Class Since', cell: (row) => row.since },
  { header: 'Previous Class', cell: (row) => LOAN_CLASS_TITLES[row.previousClass] },
  { header: 'Outstanding Principal', money: true, cell: (row) => row.outstanding },
  { header: 'Arrears', money: true, cell: (row) => row.arrears },
];
