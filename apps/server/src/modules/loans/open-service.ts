import {
  endDate,
  type IsoDate,
  interestSharesOf,
  type LoanRecord,
  loanTotals,
  type OpeningPlan,
  openingPlan,
} from '@lending/domain';
import type { Tx } from '../../db/client';
import {
  type ChangedEmiRow,
  type InsertedOpenedLoan,
  insertOpenedEmis,
  insertOpenedLedger,
  insertOpenedLoans,
  type OpenedLedgerRow,
  type OpenedLoanRow,
} from './opened-repository';

/**
 * A loan taken over from another book, as the import's check left it (`LoanRecord`) with its people
 * resolved to ids, and where it came from: the file's row and the lender's reference.
 */
export type OpenedLoanInput = Omit<LoanRecord, 'customer' | 'agent'> & {
  rowNumber: number;
  customerId: number;
  /** The customer's agent as the file named it; the loan's agent is its customer's (kept by a trigger). */
  agentId: number | null;
};

/** Who imports, when, the cut-over day every opening row is booked on, and the import's file. */
export type OpenedLoansLink = {
  actorId: number;
  now: Date;
  cutOverDate: IsoDate;
  importId: number;
  fileName: string;
};

/** At most this many loans, or EMIs, go into one statement per table. */
const BATCH_LOANS = 500;
const BATCH_EMIS = 100_000;

type Planned = { input: OpenedLoanInput; row: OpenedLoanRow; plan: OpeningPlan };

const planned = (input: OpenedLoanInput, ord: number, link: OpenedLoansLink): Planned => {
  const totals = loanTotals(input.loanAmount, input.perDayEmi, input.totalEmiDays);
  // The import's check refused such rows; reaching here with one is a bug, not the lender's.
  if (!totals.ok) throw new Error(`row ${input.rowNumber}: ${totals.message}`);
  const plan = openingPlan(input, input, link.cutOverDate);
  return {
    input,
    plan,
    row: {
      ord,
      customer_id: input.customerId,
      loan_amount: input.loanAmount,
      per_day_emi: input.perDayEmi,
      total_emi_days: input.totalEmiDays,
      total_repayable: totals.totalRepayable,
      interest_amount: totals.interest,
      start_date: input.startDate,
      end_date: endDate(input.startDate, input.totalEmiDays),
      status: plan.status,
      paid_in_full: plan.paidInFull,
      written_off_from: plan.writtenOffFrom,
      paid_by: plan.paidBy,
      metadata: {
        import_id: link.importId,
        file_name: link.fileName,
        row: input.rowNumber,
        reference: input.reference,
        customer_id: input.customerId,
        status: plan.status,
        loan_amount_paise: input.loanAmount,
        per_day_emi_paise: input.perDayEmi,
        total_emi_days: input.totalEmiDays,
        start_date: input.startDate,
        cut_over_date: link.cutOverDate,
        emis_paid: input.emisPaid,
        amount_paid_paise: input.amountPaid,
        carried_dues_paise: input.carriedDues,
        part_paid_paise: input.partPaid,
        late_charges_paise: input.lateCharges,
        last_payment_date: input.lastPaymentDate,
      },
    },
  };
};

/** The batches of at most BATCH_LOANS loans and BATCH_EMIS EMIs (a longer loan goes alone). */
const batchesOf = (loans: readonly Planned[]): Planned[][] => {
  const batches: Planned[][] = [];
  let current: Planned[] = [];
  let emis = 0;
  for (const loan of loans) {
    const days = loan.input.totalEmiDays;
    if (current.length > 0 && (current.length >= BATCH_LOANS || emis + days > BATCH_EMIS)) {
      batches.push(current);
      current = [];
      emis = 0;
    }
    current.push(loan);
    emis += days;
  }
  if (current.length > 0) batches.push(current);
  return batches;
};

const writeBatch = async (tx: Tx, batch: readonly Planned[], link: OpenedLoansLink) => {
  const batchLink = { actorId: link.actorId, now: link.now, businessDate: link.cutOverDate };
  const ids = await insertOpenedLoans(
    tx,
    batch.map((loan) => loan.row),
    batchLink,
  );
  const loans: InsertedOpenedLoan[] = [];
  const changed: ChangedEmiRow[] = [];
  const rows: OpenedLedgerRow[] = [];
  const written: { rowNumber: number; loanId: number }[] = [];
  for (const { input, row, plan } of batch) {
    const id = ids.get(row.ord);
    if (!id) throw new Error(`row ${input.rowNumber}: its loan was not written`);
    written.push({ rowNumber: input.rowNumber, loanId: id.loanId });
    loans.push({
      loan_id: id.loanId,
      audit_id: id.auditId,
      start_date: row.start_date,
      per_day_emi: row.per_day_emi,
      total_emi_days: row.total_emi_days,
      loan_amount: row.loan_amount,
      total_repayable: row.total_repayable,
      paid_in_full: row.paid_in_full,
      written_off_from: row.written_off_from,
      paid_by: row.paid_by,
    });
    const paidOn = (n: number) =>
      plan.entries
        .filter((entry) => entry.kind === 'opening' && entry.emi_number === n)
        .reduce((sum, entry) => sum + entry.amount, 0);
    for (const emi of plan.changed)
      changed.push({
        ...emi,
        loan_id: id.loanId,
        foreclosure_amount: emi.status === 'foreclosed' ? paidOn(emi.emi_number) : null,
      });
    // The plan's rows follow the paid-in-full EMIs' opening rows: their split goes on from there.
    const shares = interestSharesOf(plan.entries, {
      loanAmount: row.loan_amount,
      totalRepayable: row.total_repayable,
      collectedBefore: plan.paidInFull * row.per_day_emi,
    });
    plan.entries.forEach((entry, position) => {
      rows.push({ ...entry, loan_id: id.loanId, position, interest_share: shares[position] ?? null });
    });
  }
  await insertOpenedEmis(tx, loans, changed, link.now);
  await insertOpenedLedger(tx, loans, rows, batchLink);
  return written;
};

/**
 * Writes loans taken over from another book with their opening position (docs/lending-rules.md,
 * "Loans taken over from another book"), in the caller's transaction: each loan as the loan form
 * creates one (its number and code, terms, end date, totals; status as imported, or closed when a
 * running loan has nothing left open), its whole schedule, and its ledger rows — the schedule and the
 * opening position, booked on the cut-over day by the importing admin and naming the loan's
 * `loan_imported` audit row (the import, file, row and reference). A few statements per batch of
 * loans, whatever their EMIs. Answers each file row's loan id, in the order given.
 */
export const writeOpenedLoans = async (
  tx: Tx,
  loans: readonly OpenedLoanInput[],
  link: OpenedLoansLink,
): Promise<{ rowNumber: number; loanId: number }[]> => {
  const written: { rowNumber: number; loanId: number }[] = [];
  const all = loans.map((loan, ord) => planned(loan, ord, link));
  for (const batch of batchesOf(all)) written.push(...(await writeBatch(tx, batch, link)));
  return written;
};
