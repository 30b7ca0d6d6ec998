import { generateSchedule, scheduleEntries, type TCreateLoanRequest, type TLoanView } from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import { retryConflicts } from '../../platform/conflict-retry';
import type { AppDeps } from '../../platform/deps';
import type { UploadedFile } from '../../platform/storage/multipart';
import { appendLedger } from '../money';
import { newLoanCalendar } from './calendar';
import { withLoanImage } from './form';
import { loanCodeOf, toLoanView } from './presenter';
import { findLoanWithPeople, insertLoan, nextLoanNumber } from './repository';
import { insertSchedule } from './schedule-repository';
import { assertCustomer, termColumns, termsOf } from './terms';

/**
 * POST /loans (admins): the loan, its whole schedule (on its product's collection days, when made from
 * one) and its opening ledger rows in one transaction.
 * A new loan waits for acceptance (`pending_acceptance`); no money moves until it is approved.
 */
export const createLoanCreation = (deps: AppDeps) => {
  const { db, clock, storage, signer } = deps;
  return {
    async create(
      actor: AuthUser,
      input: TCreateLoanRequest,
      image: UploadedFile | undefined,
      audit: Actor,
    ): Promise<TLoanView> {
      const terms = termsOf(input);
      await assertCustomer(db, terms.customerId);
      const now = clock.now();
      const loanId = await withLoanImage(storage, image, (key) =>
        retryConflicts(() =>
          db.transaction(async (tx) => {
            const { calendar, columns } = await newLoanCalendar(tx, terms, input.product_id);
            const schedule = generateSchedule({
              startDate: terms.startDate,
              perDayEmiPaise: terms.perDayEmi,
              totalEmiDays: terms.totalEmiDays,
              calendar,
            });
            const loanNumber = await nextLoanNumber(tx);
            const loan = await insertLoan(tx, {
              ...termColumns(terms),
              ...columns,
              loanNumber,
              loanCode: loanCodeOf(loanNumber),
              createdBy: actor.id,
              receivedByImage: key ?? null,
              status: 'pending_acceptance',
              createdAt: now,
              updatedAt: now,
            });
            await insertSchedule(tx, loan.id, schedule, now);
            const auditId = await writeAudit(tx, audit, {
              action: 'loan_created',
              resourceType: 'loan',
              resourceId: loan.id,
              metadata: {
                loan_code: loan.loanCode,
                customer_id: loan.customerId,
                loan_amount_paise: loan.loanAmount,
                per_day_emi_paise: loan.perDayEmi,
                total_emi_days: loan.totalEmiDays,
                start_date: loan.startDate,
                end_date: loan.endDate,
                product_id: loan.productId,
                skipped_days: loan.skippedDays,
              },
            });
            await appendLedger(tx, loan.id, scheduleEntries(schedule), {
              actorId: actor.id,
              now,
              businessDate: clock.today(),
              auditId,
            });
            return { result: loan.id, replaced: null };
          }),
        ),
      );
      const row = await findLoanWithPeople(db, loanId);
      if (!row) throw new Error(`loan ${loanId} vanished after its creation`);
      return toLoanView(row, signer, clock.now().getTime());
    },
  };
};
