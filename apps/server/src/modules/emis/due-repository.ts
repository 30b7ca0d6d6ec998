import type { CustomerScope, EmiStatus } from '@lending/domain';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerScopeWhere, customers, withLoanAndCustomer } from '../../db/customers';
import { type EmiRow, emis, loans } from '../../db/schema';
import { containsPattern } from '../../db/sql';

/** The due list's filters; `scope` limits it to what the caller may see. */
export type DueFilter = { date: string; status: EmiStatus; search?: string; scope: CustomerScope };

/** A due EMI with its loan and customer. */
export type DueRow = {
  emi: EmiRow;
  loanNumber: number;
  loanCode: string;
  perDayEmi: number;
  customerName: string;
  customerMobile: string | null;
};

/**
 * EMIs of approved loans dated `date` with `status`, by loan number; search matches customer name,
 * mobile, loan number and loan code ignoring case.
 */
export const listDueEmis = (db: Executor, filter: DueFilter): Promise<DueRow[]> => {
  const pattern = containsPattern(filter.search);
  return withLoanAndCustomer(
    db
      .select({
        emi: emis,
        loanNumber: loans.loanNumber,
        loanCode: loans.loanCode,
        perDayEmi: loans.perDayEmi,
        customerName: customers.name,
        customerMobile: customers.mobile,
      })
      .from(emis)
      .$dynamic(),
  )
    .where(
      and(
        eq(emis.emiDate, filter.date),
        eq(emis.status, filter.status),
        eq(loans.status, 'approved'),
        customerScopeWhere(filter.scope),
        pattern
          ? or(
              ilike(customers.name, pattern),
              ilike(customers.mobile, pattern),
              ilike(sql`${loans.loanNumber}::text`, pattern),
              ilike(loans.loanCode, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(loans.loanNumber), asc(emis.emiNumber));
};

/** The bounced EMIs of some loans (the domain picks the current one of each). */
export const bouncedEmisOf = (db: Executor, loanIds: readonly number[]): Promise<EmiRow[]> =>
  loanIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(emis)
        .where(and(inArray(emis.loanId, [...loanIds]), eq(emis.status, 'bounced')));
