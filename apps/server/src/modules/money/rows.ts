import type { Emi, EmiStatus, LedgerEntry, PaymentType } from '@lending/domain';
import type { EmiRow, loanLedger } from '../../db/schema';

/** An EMI row as the lending rules read it. */
export const toDomainEmi = (row: EmiRow): Emi => ({
  emi_number: row.emiNumber,
  emi_date: row.emiDate,
  amount: row.amount,
  late_charge: row.lateCharge,
  carried_instalment: row.carriedInstalment,
  status: row.status as EmiStatus,
  payment_type: row.paymentType as PaymentType | null,
  paid_on: row.paymentDate,
  partial_payment_amount: row.partialPaymentAmount,
  remaining_balance: row.remainingBalance,
  bounce_count: row.bounceCount,
  bounced_on: row.bouncedOn,
  bounced_reason: row.bouncedReason,
  bounce_status: row.bounceStatus as Emi['bounce_status'],
  dues_with: row.duesWith,
});

/** A ledger row as the lending rules read it (the one mapping: the money calls, receipts and the books check share it). */
export const toLedgerEntry = (row: typeof loanLedger.$inferSelect): LedgerEntry => ({
  kind: row.kind as LedgerEntry['kind'],
  cause: row.cause as LedgerEntry['cause'],
  emi_number: row.emiNumber,
  to_emi_number: row.toEmiNumber,
  reverses: row.reverses as LedgerEntry['reverses'],
  amount: row.amount,
  instalment: row.instalment,
  penalty: row.penalty,
});
