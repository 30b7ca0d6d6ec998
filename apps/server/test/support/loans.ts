import {
  checkLedgerInvariant,
  endDate,
  generateSchedule,
  istDateOf,
  type LedgerEntry,
  type LendingOutcome,
  type LoanState,
  type LoanStatus,
  loanTotals,
  SYSTEM_ROLE_PERMISSIONS,
  scheduleEntries,
} from '@lending/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { emiPayments, type LoanRow, loans, roles, type UserRow } from '../../src/db/schema';
// The factory writes loans straight through the loans module's repositories, as no route can.
import { loanCodeOf } from '../../src/modules/loans/presenter';
import { insertLoan, nextLoanNumber } from '../../src/modules/loans/repository';
import { insertSchedule, listEmis } from '../../src/modules/loans/schedule-repository';
import {
  appendLedger,
  listLedger,
  loadLockedLoan,
  persistOutcome,
  toDomainEmi,
} from '../../src/modules/money';
import { createUser } from './factories';

/** A loan's EMI rows in order, as stored. */
export { listEmis };

export type LoanOverrides = {
  /** The borrower; a new customer (role user) when absent. */
  customer?: UserRow;
  /** The agent a new customer belongs to. */
  agentId?: number;
  createdBy?: number | null;
  loanAmountPaise?: number;
  perDayEmiPaise?: number;
  totalEmiDays?: number;
  startDate?: string;
  status?: LoanStatus;
  paymentMethod?: string | null;
  loanReason?: string | null;
};

/**
 * Inserts a loan with its schedule and opening ledger rows straight through the repositories (no
 * HTTP): default ₹10,000 at ₹120/day for 100 days from 2026-11-21, approved, paid in cash.
 */
export const createLoan = async (db: Db, overrides: LoanOverrides = {}) => {
  const customer = overrides.customer ?? (await createUser(db, { agentId: overrides.agentId ?? null }));
  const perDayEmi = overrides.perDayEmiPaise ?? 12_000;
  const totalEmiDays = overrides.totalEmiDays ?? 100;
  // Five sixths of the total repayable by default: ₹10,000 for ₹120 × 100 days.
  const loanAmount = overrides.loanAmountPaise ?? Math.floor((perDayEmi * totalEmiDays) / 6) * 5;
  const startDate = overrides.startDate ?? '2026-11-21';
  const totals = loanTotals(loanAmount, perDayEmi, totalEmiDays);
  if (!totals.ok) throw new Error(totals.message);
  const schedule = generateSchedule({ startDate, perDayEmiPaise: perDayEmi, totalEmiDays });
  const loan = await db.transaction(async (tx) => {
    const loanNumber = await nextLoanNumber(tx);
    const row = await insertLoan(tx, {
      loanNumber,
      loanCode: loanCodeOf(loanNumber),
      customerId: customer.id,
      createdBy: overrides.createdBy ?? null,
      loanAmount,
      perDayEmi,
      totalEmiDays,
      totalRepayable: totals.totalRepayable,
      interestAmount: totals.interest,
      startDate,
      endDate: endDate(startDate, totalEmiDays),
      loanReason: overrides.loanReason ?? null,
      paymentMethod: overrides.paymentMethod === undefined ? 'cash' : overrides.paymentMethod,
      status: overrides.status ?? 'approved',
    });
    await insertSchedule(tx, row.id, schedule, new Date());
    await appendLedger(tx, row.id, scheduleEntries(schedule), {
      actorId: null,
      now: new Date(),
      businessDate: null,
      auditId: null,
    });
    return row;
  });
  return { loan, customer };
};

/**
 * Applies an operation of the lending rules to a stored loan the way the EMI services do: under the
 * loan's row lock, stored with its ledger rows and credit events. Throws when the rules refuse.
 */
export const applyToLoan = async (
  db: Db,
  loanId: number,
  operation: (state: LoanState) => LendingOutcome,
  actorId: number | null = null,
): Promise<LoanRow> =>
  db.transaction(async (tx) => {
    const loaded = await loadLockedLoan(tx, loanId, { kind: 'everyone' });
    const outcome = operation(loaded.state);
    if (!outcome.ok) throw new Error(`refused ${outcome.code}: ${outcome.message}`);
    return persistOutcome(tx, loaded, outcome, {
      actorId,
      now: new Date(),
      ledger: { businessDate: null, auditId: null },
    });
  });

/** The ledger invariant over the stored rows of a loan (docs/lending-rules.md). */
export const storedInvariant = async (db: Db, loanId: number) => {
  const entries = await listLedger(db, loanId);
  const emis = (await listEmis(db, loanId)).map(toDomainEmi);
  return { ...checkLedgerInvariant(entries, emis), entries, emis };
};

export const loanRow = async (db: Db, id: number) => {
  const [row] = await db.select().from(loans).where(eq(loans.id, id));
  if (!row) throw new Error(`no loan ${id}`);
  return row;
};

/**
 * A cash payment of EMI 1 as stored before the ledger named its rows' business day: a payment record
 * paid at `paidAt` and its `collected` row linked to it with a null business date, written `now`.
 */
export const insertUndatedPayment = async (
  db: Db,
  loanId: number,
  input: { collectorId: number; amountPaise: number; paidAt: Date; now: Date },
) => {
  const [payment] = await db
    .insert(emiPayments)
    .values({
      loanId,
      emiNumber: 1,
      paymentType: 'full',
      paymentMode: 'cash',
      amount: input.amountPaise,
      collectedBy: input.collectorId,
      paymentDate: istDateOf(input.paidAt),
      paidAt: input.paidAt,
    })
    .returning();
  if (!payment) throw new Error('no payment');
  const collected: LedgerEntry = {
    kind: 'collected',
    cause: 'payment',
    emi_number: 1,
    to_emi_number: null,
    reverses: null,
    amount: input.amountPaise,
    instalment: input.amountPaise,
    penalty: 0,
  };
  await appendLedger(db, loanId, [collected], {
    actorId: input.collectorId,
    now: input.now,
    businessDate: null,
    auditId: null,
    paymentId: payment.id,
  });
  return payment;
};

/** Lets agents read reports (not theirs by default), to check that they then see only their own customers. */
export const grantAgentsReports = (t: { db: Db }) =>
  t.db
    .update(roles)
    .set({
      permissions: [
        ...SYSTEM_ROLE_PERMISSIONS.agent.map(({ resource, actions }) => ({
          resource,
          actions: [...actions],
        })),
        { resource: 'reports', actions: ['read'] },
      ],
    })
    .where(eq(roles.name, 'agent'));
