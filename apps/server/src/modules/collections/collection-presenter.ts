import { isSyncedLate, paiseToRupees, paiseToRupeesOrNull, type TCollectionRecord } from '@lending/domain';
import type { CollectionRow } from './collection-repository';

/** A record as the API answers it, and as the report's columns read it. */
export const toCollectionRecord = (row: CollectionRow): TCollectionRecord => ({
  status: row.status,
  paid_at: row.status === 'paid' ? row.at : null,
  bounced_at: row.status === 'bounced' ? row.at : null,
  collector: { id: row.collectorId, name: row.collectorName, mobile: row.collectorMobile },
  customer: { id: row.customerId, name: row.customerName, mobile: row.customerMobile },
  loan_code: row.loanCode,
  loan_number: row.loanNumber,
  emi_number: row.emiNumber,
  record_type: row.recordType,
  business_date: row.day,
  payment_mode: row.paymentMode,
  amount: paiseToRupees(row.amount),
  instalment: paiseToRupeesOrNull(row.instalment),
  charges: paiseToRupeesOrNull(row.charges),
  interest_share: paiseToRupeesOrNull(row.interestShare),
  collected_at: row.collectedAt,
  synced_late: isSyncedLate(row.collectedAt === null ? null : new Date(row.collectedAt), row.day),
});
