import {
  applyReceivedAmount,
  type CustomerScope,
  creditHeldOf,
  type IsoDate,
  importCollectionMessages,
  istStartOfDay,
  type Paise,
  type PaymentMode,
} from '@lending/domain';
import type { Tx } from '../../../db/client';
import type { AuthUser } from '../../../platform/access';
import { type Actor, writeAudit } from '../../../platform/audit';
import type { AppDeps } from '../../../platform/deps';
import { bookLedger, listLedger, refusalError, runMoneyCallIn, storePayments } from '../../money';

/** One collection to pay to a loan: the money the row says was received, and who it came through. */
export type CollectionToPay = {
  /** The `import_collections` row it is recorded as (named in every audit row it writes). */
  collectionId: number;
  importId: number | null;
  loanId: number;
  amount: Paise;
  /** The day the money was received: the payments' `collected_at` and the EMIs' payment date. */
  date: IsoDate;
  mode: PaymentMode;
  utr: string | null;
  /** The collector the cash is with (the row's, else the admin importing or matching it). */
  collector: AuthUser;
  /** Who did it, for the audit rows: the admin importing or matching it. */
  audit: Actor;
};

/** What paying a collection did. */
export type CollectionPaid = {
  loanCode: string;
  /** The payment records made, one per EMI paid, oldest EMI first (none when all of it is credit held). */
  paymentIds: number[];
  emiNumbers: number[];
  paid: Paise;
  held: Paise;
};

// An admin's import reaches every loan; the collector's own book does not limit it.
const EVERY_LOAN: CustomerScope = { kind: 'everyone' };

/**
 * Pays one collection to a loan through the money frame, in the caller's transaction: the loan locked
 * FOR UPDATE, the domain's `applyReceivedAmount` deciding (the oldest due EMIs in full, the rest credit
 * held); each EMI's payment recorded as POST /emi/pay records one (payment record in the row's mode,
 * `collected_at` the start of the row's day, the collector, an `emi_paid` audit row, ledger rows naming
 * both), the rest as held cash (`loan_cash_held` audit row, `collected` + `credit` rows). The ledger's
 * business day is today, as for held cash: the money reaches the books today, whatever day it was
 * received. A refusal (loan not running, unknown loan, the collector's cash day closed) throws.
 */
export const payCollection = (
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  collection: CollectionToPay,
): Promise<CollectionPaid> => {
  const { collector, audit, loanId, amount, date, mode } = collection;
  const call = { actor: collector, audit, claim: null, loanId, scope: EVERY_LOAN, movesCash: true };
  return runMoneyCallIn(deps, tx, call, async (context) => {
    const outcome = applyReceivedAmount(context.loaded.state, {
      amount,
      today: context.today,
      receivedOn: date,
    });
    if (!outcome.ok) throw refusalError(outcome);
    const imported = {
      imported_collection_id: collection.collectionId,
      import_id: collection.importId,
      utr: collection.utr,
    };
    const collectedAt = istStartOfDay(date);
    const recorded = await storePayments(
      context,
      outcome,
      outcome.payments.map((payment) => ({
        emiNumber: payment.emiNumber,
        paymentType: 'full' as const,
        paymentMode: mode,
        result: payment,
        entries: payment.entries,
        collectedAt,
        auditExtra: imported,
      })),
      // A lender's history moving in is no news to its borrowers: no receipts for imported collections.
      { receipt: false },
    );
    if (outcome.held > 0) {
      const credit = creditHeldOf(await listLedger(tx, loanId));
      const auditId = await writeAudit(tx, audit, {
        action: 'loan_cash_held',
        resourceType: 'loan',
        resourceId: loanId,
        metadata: {
          held_paise: outcome.held,
          credit_held_paise: credit + outcome.held,
          payment_mode: mode,
          collected_at: collectedAt.toISOString(),
          collector_id: collector.id,
          reason: importCollectionMessages.heldReason,
          ...imported,
        },
      });
      await bookLedger(context, { auditId, paymentMode: mode }, outcome.heldEntries);
    }
    return {
      loanCode: context.loaded.loan.loanCode,
      paymentIds: recorded.map((payment) => payment.record.id),
      emiNumbers: outcome.payments.map((payment) => payment.emiNumber),
      paid: outcome.paid,
      held: outcome.held,
    };
  });
};
