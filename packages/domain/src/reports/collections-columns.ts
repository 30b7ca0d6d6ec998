import { formatRupees, plainRupees } from '../money/paise';
import type { TCollectionRecord } from '../schemas/field';
import { istMomentText } from '../time/ist';
import { paymentModeLabel } from '../web-rules/payment-modes';
import { paiseOfRupees, type ReportColumnSpec } from './columns';

/** When a record's collection or bounce happened (ISO): what its Date column reads. */
export const collectionMoment = (record: Pick<TCollectionRecord, 'status' | 'paid_at' | 'bounced_at'>) =>
  record.status === 'paid' ? (record.paid_at ?? record.bounced_at) : (record.bounced_at ?? record.paid_at);

/** The EMI column: its number, 'Foreclosure', 'Refund' (credit held paid back) or 'Credit held'. */
export const collectionEmiLabel = (record: Pick<TCollectionRecord, 'record_type' | 'emi_number'>): string => {
  if (record.record_type === 'refund') return 'Refund';
  if (record.record_type === 'credit_held') return 'Credit held';
  return record.record_type === 'foreclosure' || record.emi_number === null
    ? 'Foreclosure'
    : String(record.emi_number);
};

/** Paid or Bounced; a refund (credit held paid back: cash out, a negative amount) is Refunded. */
export const collectionStatusLabel = (record: Pick<TCollectionRecord, 'status' | 'record_type'>): string => {
  if (record.status === 'bounced') return 'Bounced';
  return record.record_type === 'refund' ? 'Refunded' : 'Paid';
};

const both = (header: string) => ({ csv: header, screen: header });

/**
 * The Agent Collections report's columns, its CSV export's and its screen's: the screen shows each
 * mobile under its name instead, and the interest share of a ledger record's instalments besides.
 */
export const COLLECTION_REPORT_COLUMNS: readonly ReportColumnSpec<TCollectionRecord>[] = [
  { key: 'date', headers: both('Date'), text: (record) => istMomentText(collectionMoment(record)) },
  { key: 'agent', headers: both('Agent'), text: (record) => record.collector.name, typed: true },
  {
    key: 'agentMobile',
    headers: { csv: 'Agent Mobile' },
    text: (record) => record.collector.mobile ?? '',
    typed: true,
  },
  { key: 'customer', headers: both('Customer'), text: (record) => record.customer.name, typed: true },
  {
    key: 'customerMobile',
    headers: { csv: 'Customer Mobile' },
    text: (record) => record.customer.mobile ?? '',
    typed: true,
  },
  { key: 'loanCode', headers: both('Loan Code'), text: (record) => record.loan_code, typed: true },
  { key: 'loanNumber', headers: both('Loan #'), text: (record) => String(record.loan_number) },
  { key: 'emi', headers: both('EMI #'), text: collectionEmiLabel },
  {
    key: 'paymentMode',
    headers: both('Payment Mode'),
    text: (record) => paymentModeLabel(record.payment_mode),
  },
  { key: 'status', headers: both('Status'), text: collectionStatusLabel },
  {
    key: 'amount',
    headers: both('Amount'),
    paise: (record) => paiseOfRupees(record.amount),
    decimals: 'auto',
    // A refund is negative: written as a number, so the defusing of a leading '-' never touches it.
    csv: (record) => {
      const text = plainRupees(paiseOfRupees(record.amount));
      return record.amount < 0 ? Number(text) : text;
    },
  },
  {
    key: 'interest',
    headers: { screen: 'Interest' },
    text: (record) =>
      record.interest_share === null ? '—' : formatRupees(paiseOfRupees(record.interest_share), 'auto'),
  },
];
