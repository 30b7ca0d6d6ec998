import type { Readable } from 'node:stream';
import { defuseCsvText, formatIstMoment, paymentModeLabel, plainRupees } from '@lending/domain';
import { csvFile } from '../../platform/csv-file';
import type { CollectionRow } from './collection-repository';

/** The report's columns; the screen shows each mobile under its name instead. */
export const COLLECTION_CSV_HEADER = [
  'Date',
  'Agent',
  'Agent Mobile',
  'Customer',
  'Customer Mobile',
  'Loan Code',
  'Loan #',
  'EMI #',
  'Payment Mode',
  'Status',
  'Amount',
] as const;

/** The EMI column: its number, 'Foreclosure' or 'Refund' (credit held paid back). */
const emiLabel = (row: CollectionRow): string => {
  if (row.recordType === 'refund') return 'Refund';
  if (row.recordType === 'credit_held') return 'Credit held';
  return row.recordType === 'foreclosure' || row.emiNumber === null ? 'Foreclosure' : String(row.emiNumber);
};

const statusLabel = (row: CollectionRow): string => {
  if (row.status === 'bounced') return 'Bounced';
  return row.recordType === 'refund' ? 'Refunded' : 'Paid';
};

const csvRow = (row: CollectionRow) => [
  formatIstMoment(new Date(row.at)),
  defuseCsvText(row.collectorName),
  defuseCsvText(row.collectorMobile),
  defuseCsvText(row.customerName),
  defuseCsvText(row.customerMobile),
  defuseCsvText(row.loanCode),
  row.loanNumber,
  emiLabel(row),
  paymentModeLabel(row.paymentMode),
  statusLabel(row),
  // A refund is negative: written as a number, so the defusing of a leading '-' never touches it.
  row.amount < 0 ? Number(plainRupees(row.amount)) : plainRupees(row.amount),
];

/** The records as CSV (UTF-8 with a BOM), written as they are read. */
export const collectionsCsv = (rows: AsyncIterable<CollectionRow>): Readable => {
  async function* lines() {
    for await (const row of rows) yield csvRow(row);
  }
  return csvFile(COLLECTION_CSV_HEADER, lines());
};
