import type { TExpectedInterestLoanStatus } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { interestShareSql, rowsOf } from '../../../db/sql';

/**
 * The readers of the month totals (figures/month-totals.ts): each loan's scheduled EMI money per
 * month, and those summed per month and loan status, which the Interest panel and the Expected
 * interest list read instead of a month of EMIs.
 */

type Raw = Record<string, string | number | null>;

/** The month's money of the filter's loans: loans, EMIs, scheduled money, expected interest, principal, interest (paise). */
export type MonthLoanTotals = {
  loans: number;
  emis: number;
  scheduled: number;
  expected: number;
  principal: number;
  interest: number;
};

const totalsOf = (row: Raw | undefined): MonthLoanTotals => ({
  loans: Number(row?.loans ?? 0),
  emis: Number(row?.emis ?? 0),
  scheduled: Number(row?.scheduled ?? 0),
  expected: Number(row?.expected ?? 0),
  principal: Number(row?.principal ?? 0),
  interest: Number(row?.interest ?? 0),
});

/**
 * The month's money of every loan of a status (`lent`: approved, closed or default) from the month's
 * kept totals per loan status (a few rows, kept by triggers: migration interest_month_totals).
 */
export const keptMonthTotals = async (
  db: Executor,
  monthStart: string,
  status: TExpectedInterestLoanStatus,
): Promise<MonthLoanTotals> => {
  const statuses =
    status === 'lent'
      ? sql`t.loan_status in ('approved', 'closed', 'default')`
      : sql`t.loan_status = ${status}`;
  const [kept] = rowsOf<Raw>(
    await db.execute(sql`select coalesce(sum(t.loans), 0) as loans, coalesce(sum(t.emis), 0) as emis,
        coalesce(sum(t.scheduled), 0)::text as scheduled,
        coalesce(sum(t.expected), 0)::text as expected, coalesce(sum(t.principal), 0)::text as principal,
        coalesce(sum(t.interest), 0)::text as interest
      from interest_month_totals t where t.month = ${monthStart}::date and ${statuses}`),
  );
  return totalsOf(kept);
};

/**
 * The month's money of the loans `loans` names (a condition on the loan `l`): each one's month row
 * (`emi_month_loan_totals`) and its terms, the expected interest rounded to the paisa per loan.
 */
export const keptMonthLoanTotals = async (
  db: Executor,
  monthStart: string,
  loans: SQL,
): Promise<MonthLoanTotals> => {
  const [row] = rowsOf<Raw>(
    await db.execute(sql`select count(*) as loans, coalesce(sum(m.emis), 0) as emis,
      coalesce(sum(m.scheduled), 0)::text as scheduled,
      coalesce(sum(${interestShareSql(sql`m.scheduled`, sql`l`)}), 0)::text as expected,
      coalesce(sum(l.loan_amount), 0)::text as principal, coalesce(sum(l.interest_amount), 0)::text as interest
    from emi_month_loan_totals m join loans l on l.id = m.loan_id
    where m.month = ${monthStart}::date and m.scheduled <> 0 and ${loans}`),
  );
  return totalsOf(row);
};
