import { sql } from 'drizzle-orm';
import { openEmiSql, rowsOf } from '../../../db/sql';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

/** The Credit Report's per-customer event counts. */
export const creditEventCounts = defineFigure({
  name: 'credit-event-counts',
  meaning:
    "Per customer and credit event type (paid on time, late, bounced, ...), the number of events: the Credit Report's counts and score inputs.",
  tables: ['credit_event_counts'],
  keeping: 'triggers',
  why: 'The report lists every customer with their counts; counting the events per page of customers took 632 ms at 100,000 loans.',
  ledgerKinds: 'none',
  rebuild: 'rebuild_credit_event_counts()',
  checks: [
    compareKept({
      key: ['customer_id', 'event_type'],
      sums: ['events'],
      definition: sql`select customer_id, event_type, count(*) as events from credit_events group by 1, 2`,
      kept: sql`select customer_id, event_type, events from credit_event_counts`,
      label: (row) => `credit event counts of customer ${row.customer_id}`,
    }),
  ],
  readBy: ['GET /api/reports'],
});

/** The loans list's per-status totals. */
export const loanStatusTotals = defineFigure({
  name: 'loan-status-totals',
  meaning:
    "Per loan status, the number of loans and the money lent: the loans list's counts and the dashboard's loan cards.",
  tables: ['loan_status_totals'],
  keeping: 'triggers',
  why: 'Counting 100,000 loans per list page and dashboard call; sharded so that closing loans never wait on one row.',
  ledgerKinds: 'none',
  rebuild: 'rebuild_loan_status_totals()',
  checks: [
    compareKept({
      key: ['status'],
      sums: ['loans', 'amount'],
      definition: sql`select status, count(*) as loans, sum(loan_amount) as amount from loans group by 1`,
      kept: sql`select status, sum(loans) as loans, sum(amount) as amount from loan_status_totals group by 1`,
      label: (row) => `loan totals of status ${row.status}`,
    }),
  ],
  readBy: ['GET /api/loans', 'GET /api/loans/admin-dashboard'],
});

/** Each loan's oldest open EMI date: how overdue it is, without reading its EMIs. */
export const oldestOpenEmi = defineFigure({
  name: 'oldest-open-emi',
  meaning:
    "Each loan's date of its oldest open EMI (pending, or bounced and still owing its own dues); none when nothing is open.",
  tables: ['loans.oldest_open_emi_date'],
  keeping: 'projector',
  why: "The agent's overdue list, the loans list's ageing filters and the overdue counts order and filter loans by it through an index. Recomputed from the loan's EMIs: for an approved loan by the projector's fold of the EMI changes, after commit (rewriting the loan's row, with its twelve indexes and the overdue counts its triggers move, was a fifth of a payment's database time); for any other loan by a trigger in the change's own transaction. Readers bring the fold up to their moment first.",
  ledgerKinds: 'none',
  rebuild: 'rebuild_oldest_open_emi_dates()',
  checks: [
    async (db, limit) =>
      rowsOf<{ loan_code: string }>(
        await db.execute(sql`
          select l.loan_code from loans l
          where l.oldest_open_emi_date is distinct from (
            select min(e.emi_date) from emis e where e.loan_id = l.id and ${openEmiSql(sql`e`)})
          -- A loan with a change still in the outbox gets its date when the fold takes the change.
          and not exists (select 1 from emi_changes c where c.loan_id = l.id)
          order by l.id limit ${limit}`),
      ).map((row) => `oldest open EMI date of ${row.loan_code}`),
  ],
  readBy: ['GET /api/loans', 'GET /api/loans/export', 'GET /api/loans/dashboard/agent'],
});

/** Approved loans per date of their oldest open EMI. */
export const overdueLoanDays = defineFigure({
  name: 'overdue-loan-days',
  meaning:
    'Per date of their oldest open EMI, the approved loans: how many loans are overdue by how many days, counted without reading them.',
  tables: ['overdue_loan_days'],
  keeping: 'triggers',
  why: "The agent dashboard's overdue count answers over the whole book in one small read.",
  ledgerKinds: 'none',
  rebuild: 'rebuild_overdue_loan_days()',
  checks: [
    compareKept({
      key: ['oldest_open_emi_date'],
      sums: ['loans'],
      definition: sql`select oldest_open_emi_date, count(*) as loans from loans
        where status = 'approved' and oldest_open_emi_date is not null group by 1`,
      kept: sql`select oldest_open_emi_date, sum(loans) as loans from overdue_loan_days group by 1`,
      label: (row) => `overdue loans of ${row.oldest_open_emi_date}`,
    }),
  ],
  readBy: ['GET /api/loans/dashboard/agent'],
});

/** Users per role. */
export const userRoleCounts = defineFigure({
  name: 'user-role-counts',
  meaning: "Per role, the number of users: the users list's counts.",
  tables: ['user_role_counts'],
  keeping: 'triggers',
  why: 'The users list counts 50,000 borrowers per page otherwise.',
  ledgerKinds: 'none',
  rebuild: 'rebuild_user_role_counts()',
  checks: [
    compareKept({
      key: ['role_id'],
      sums: ['users'],
      definition: sql`select role_id, count(*) as users from users group by 1`,
      kept: sql`select role_id, users from user_role_counts`,
      label: (row) => `user count of role ${row.role_id}`,
    }),
  ],
  readBy: ['GET /api/users'],
});
