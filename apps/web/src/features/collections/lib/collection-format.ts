import { formatRupees, isIsoDate, type Paise, type TCollectionRecord } from '@lending/domain';
import { inIst } from '../../../lib/dayjs';
import { displayPaise } from '../../../lib/format';

/** Paise as collected: '₹1,500', or '₹1,500.50' when there are paise. */
export const formatPaise = (paise: Paise): string => formatRupees(paise, 'auto');

export const formatAmount = (rupees: number): string => formatPaise(displayPaise(rupees));

/** When the collection or bounce happened, in Asia/Kolkata. */
export const recordMoment = (record: TCollectionRecord): string | null =>
  record.status === 'paid' ? (record.paid_at ?? record.bounced_at) : (record.bounced_at ?? record.paid_at);

export const formatMoment = (value: string | null): string => {
  if (value === null) return '-';
  const moment = inIst(value);
  return moment.isValid() ? moment.format('DD-MM-YYYY hh:mm A') : value;
};

/** Paid or Bounced; a refund (credit held paid back: cash out, a negative amount) is Refunded. */
export const statusLabel = (record: Pick<TCollectionRecord, 'status' | 'record_type'>): string => {
  if (record.status === 'bounced') return 'Bounced';
  return record.record_type === 'refund' ? 'Refunded' : 'Paid';
};

/** The report's columns as its CSV export has them; the screen shows each mobile under its name instead. */
export const CSV_HEADERS = [
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
];

/**
 * What the EMI column says: the EMI's number, 'Foreclosure' for a foreclosure's collection or
 * 'Refund' for credit held paid back.
 */
export const emiLabel = (record: TCollectionRecord): string => {
  if (record.record_type === 'refund') return 'Refund';
  if (record.record_type === 'credit_held') return 'Credit held';
  return record.record_type === 'foreclosure' || record.emi_number === null
    ? 'Foreclosure'
    : String(record.emi_number);
};

/** 'DD-MM-YY' (the report's pickers) or 'YYYY-MM-DD' typed → 'YYYY-MM-DD', or null. */
export const parseShortDate = (input: string): string | null => {
  const value = input.trim();
  if (isIsoDate(value)) return value;
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(value);
  if (match === null) return null;
  const [, d = '', m = '', y = ''] = match;
  const iso = `${y.length === 2 ? `20${y}` : y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
};
