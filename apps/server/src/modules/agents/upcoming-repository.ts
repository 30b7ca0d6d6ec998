import type { CustomerScope } from '@lending/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerScopeWhere, customers, withLoanAndCustomer } from '../../db/customers';
import { emis, loans } from '../../db/schema';

/** An EMI of a customer's loan as the dashboard lists it. */
export type FieldEmiRow = {
  loanId: number;
  loanCode: string;
  customerId: number;
  customerName: string;
  customerMobile: string | null;
  emiNumber: number;
  emiDate: string;
  status: string;
  amount: number;
  lateCharge: number;
};

const fieldEmi = {
  loanId: loans.id,
  loanCode: loans.loanCode,
  customerId: customers.id,
  customerName: customers.name,
  customerMobile: customers.mobile,
  emiNumber: emis.emiNumber,
  emiDate: emis.emiDate,
  status: emis.status,
  amount: emis.amount,
  lateCharge: emis.lateCharge,
};

/** Pending EMIs of approved loans dated `from` … `to` (both included), by date and loan number. */
export const listUpcomingEmis = (
  db: Executor,
  filter: { from: string; to: string; scope: CustomerScope },
): Promise<FieldEmiRow[]> =>
  withLoanAndCustomer(db.select(fieldEmi).from(emis).$dynamic())
    .where(
      and(
        eq(loans.status, 'approved'),
        eq(emis.status, 'pending'),
        gte(emis.emiDate, filter.from),
        lte(emis.emiDate, filter.to),
        customerScopeWhere(filter.scope),
      ),
    )
    .orderBy(asc(emis.emiDate), asc(loans.loanNumber), asc(emis.emiNumber));
