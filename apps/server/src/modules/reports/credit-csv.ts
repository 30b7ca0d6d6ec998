import type { Readable } from 'node:stream';
import {
  CREDIT_EVENT_LABELS,
  type CreditEventType,
  defuseCsvText,
  formatDdMmYyyy,
  formatIstMoment,
  plainRupees,
} from '@lending/domain';
import { csvFile } from '../../platform/csv-file';
import type { CreditEventRow } from './credit-repository';

/** The credit report's columns; the screen joins loan code and EMI number in one. */
export const CREDIT_CSV_HEADER = [
  'Date',
  'Customer',
  'Loan Code',
  'EMI #',
  'Event',
  'Amount',
  'Bounce Reason',
  'Bounce Date',
] as const;

const csvRow = ({ event, customerName, loanCode }: CreditEventRow) => {
  const bounce = event.eventType === 'EMI_BOUNCED';
  return [
    formatIstMoment(event.createdAt),
    defuseCsvText(customerName),
    defuseCsvText(loanCode),
    event.emiNumber,
    CREDIT_EVENT_LABELS[event.eventType as CreditEventType] ?? event.eventType,
    plainRupees(event.amount),
    defuseCsvText(event.bounceReason),
    bounce && event.eventDate ? formatDdMmYyyy(event.eventDate) : '',
  ];
};

/** The events as CSV (UTF-8 with a BOM), written as they are read. */
export const creditEventsCsv = (rows: AsyncIterable<CreditEventRow>): Readable => {
  async function* lines() {
    for await (const row of rows) yield csvRow(row);
  }
  return csvFile(CREDIT_CSV_HEADER, lines());
};
