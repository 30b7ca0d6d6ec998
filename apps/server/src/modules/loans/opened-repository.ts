import type { Emi, IsoDate, LedgerEntry } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** Rows as one JSON parameter: a batch of loans is one statement per table, not one per row. */
const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * One loan of a batch as its statements need it: the terms, the compact opening plan (see the
 * domain's `OpeningPlan`) and the audit row's facts. `ord` is its place in the batch.
 */
export type OpenedLoanRow = {
  ord: number;
  customer_id: number;
  loan_amount: number;
  per_day_emi: number;
  total_emi_days: number;
  total_repayable: number;
  interest_amount: number;
  start_date: IsoDate;
  end_date: IsoDate;
  status: string;
  paid_in_full: number;
  written_off_from: number | null;
  paid_by: IsoDate;
  metadata: Record<string, unknown>;
};

/** Who writes a batch, when, and the cut-over day: its ledger rows are booked on it and its loans keep it. */
export type OpenedBatchLink = { actorId: number; now: Date; businessDate: IsoDate };

/** Written in SQL, but named as `action: '…'` so the audit-coverage test sees this action too. */
const OPENED_AUDIT = { action: 'loan_imported' } as const;

/**
 * The batch's loans, with their loan numbers (the sequence, in batch order) and codes, and one audit
 * row each naming the loan, in one statement. Answers each loan's id and audit row's id by `ord`.
 */
export const insertOpenedLoans = async (
  tx: Executor,
  loans: readonly OpenedLoanRow[],
  link: OpenedBatchLink,
): Promise<Map<number, { loanId: number; auditId: number }>> => {
  const now = link.now.toISOString();
  const result = await tx.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${json(loans)}) as x(
        ord integer, customer_id integer, loan_amount bigint, per_day_emi bigint, total_emi_days integer,
        total_repayable bigint, interest_amount bigint, start_date date, end_date date, status text,
        metadata jsonb)),
    numbered as (
      select o.ord, nextval('loan_number_seq') as loan_number from (select ord from x order by ord) o),
    loan as (
      insert into loans (loan_number, loan_code, customer_id, created_by, loan_amount, per_day_emi,
        total_emi_days, total_repayable, interest_amount, start_date, end_date, cut_over_date, status, created_at,
        updated_at)
      select n.loan_number, 'LN' || lpad(n.loan_number::text, 6, '0'), x.customer_id, ${link.actorId},
        x.loan_amount, x.per_day_emi, x.total_emi_days, x.total_repayable, x.interest_amount, x.start_date,
        x.end_date, ${link.businessDate}::date, x.status, ${now}::timestamptz, ${now}::timestamptz
      from x join numbered n using (ord) order by n.loan_number
      returning id, loan_number, loan_code),
    audit as (
      insert into audit_logs (user_id, action, resource_type, resource_id, metadata, created_at)
      select ${link.actorId}, ${OPENED_AUDIT.action}, 'loan', l.id::text,
        x.metadata || jsonb_build_object('loan_code', l.loan_code), ${now}::timestamptz
      from loan l join numbered n using (loan_number) join x using (ord) order by l.id
      returning id, resource_id)
    select n.ord, l.id as loan_id, a.id::text as audit_id
    from numbered n join loan l using (loan_number) join audit a on a.resource_id = l.id::text`);
  const ids = new Map<number, { loanId: number; auditId: number }>();
  for (const row of rowsOf<{ ord: number; loan_id: number; audit_id: string }>(result))
    ids.set(Number(row.ord), { loanId: Number(row.loan_id), auditId: Number(row.audit_id) });
  return ids;
};

/** A loan of the batch once inserted: its plan's ranges, with its id and audit row. */
export type InsertedOpenedLoan = {
  loan_id: number;
  audit_id: number;
  start_date: IsoDate;
  per_day_emi: number;
  total_emi_days: number;
  loan_amount: number;
  total_repayable: number;
  paid_in_full: number;
  written_off_from: number | null;
  paid_by: IsoDate;
};

/** An EMI the plan changed, as stored, with its loan and (foreclosed) what was paid on it. */
export type ChangedEmiRow = Emi & { loan_id: number; foreclosure_amount: number | null };

const LOAN_COLUMNS = sql`loan_id integer, audit_id bigint, start_date date, per_day_emi bigint,
  total_emi_days integer, loan_amount bigint, total_repayable bigint, paid_in_full integer,
  written_off_from integer, paid_by date`;

/**
 * Every EMI of the batch in one statement: the schedule spread from each loan's terms in SQL (EMI n
 * due on start + n − 1), paid in full up to `paid_in_full` (on its date, at the latest `paid_by`),
 * foreclosed from `written_off_from`, pending otherwise, except the few EMIs the plan changed, which
 * are taken as given. Ten million EMIs are never sent over the wire.
 */
export const insertOpenedEmis = async (
  tx: Executor,
  loans: readonly InsertedOpenedLoan[],
  changed: readonly ChangedEmiRow[],
  now: Date,
) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    insert into emis (loan_id, emi_number, emi_date, amount, late_charge, carried_instalment, status,
      payment_type, paid_at, payment_date, partial_payment_amount, remaining_balance, foreclosure_amount,
      foreclosure_date, created_at, updated_at)
    select l.loan_id, g.n, l.start_date + g.n - 1, l.per_day_emi, coalesce(c.late_charge, 0),
      coalesce(c.carried_instalment, 0), s.status, s.payment_type,
      case when s.paid_on is not null then ${at} end, s.paid_on,
      c.partial_payment_amount, c.remaining_balance,
      case when s.status = 'foreclosed' then coalesce(c.foreclosure_amount, 0) end,
      case when s.status = 'foreclosed' then l.paid_by end, ${at}, ${at}
    from jsonb_to_recordset(${json(loans)}) as l(${LOAN_COLUMNS})
    cross join lateral generate_series(1, l.total_emi_days) as g(n)
    left join jsonb_to_recordset(${json(changed)}) as c(
      loan_id integer, emi_number integer, late_charge bigint, carried_instalment bigint, status text,
      payment_type text, paid_on date, partial_payment_amount bigint, remaining_balance bigint,
      foreclosure_amount bigint) on c.loan_id = l.loan_id and c.emi_number = g.n
    cross join lateral (select
      case when c.loan_id is not null then c.status when g.n <= l.paid_in_full then 'paid'
        when g.n >= l.written_off_from then 'foreclosed' else 'pending' end as status,
      case when c.loan_id is not null then c.payment_type when g.n <= l.paid_in_full then 'full' end
        as payment_type,
      case when c.loan_id is not null then c.paid_on
        when g.n <= l.paid_in_full then least(l.start_date + g.n - 1, l.paid_by) end as paid_on) s
    order by l.loan_id, g.n`);
};

/** A ledger row of the plan beyond its ranges, with its loan, its place and its interest share. */
export type OpenedLedgerRow = LedgerEntry & {
  loan_id: number;
  position: number;
  interest_share: number | null;
};

/**
 * Every ledger row of the batch in one statement, booked on the cut-over day by the importing admin
 * and naming each loan's audit row: each EMI's `scheduled` row, the paid-in-full EMIs' `opening` rows
 * (their interest share by the cumulative recovery split, as `splitRecovery` computes it), the
 * written-off EMIs' `written_off` rows, then the plan's own rows in order, as the domain's
 * `spreadOpeningPlan` lists them. No row moves cash: none has a payment mode.
 */
export const insertOpenedLedger = async (
  tx: Executor,
  loans: readonly InsertedOpenedLoan[],
  rows: readonly OpenedLedgerRow[],
  link: OpenedBatchLink,
) => {
  const upTo = (n: SQL) =>
    sql`div((${n})::numeric * l.per_day_emi * l.loan_amount, nullif(l.total_repayable, 0))`;
  await tx.execute(sql`
    insert into loan_ledger (loan_id, kind, cause, emi_number, to_emi_number, reverses, amount, instalment,
      penalty, actor_id, business_date, payment_mode, payment_id, audit_id, created_at, interest_share)
    select r.loan_id, r.kind, r.cause, r.emi_number, r.to_emi_number, null, r.amount, r.instalment, r.penalty,
      ${link.actorId}, ${link.businessDate}::date, null, null, r.audit_id, ${link.now.toISOString()}::timestamptz,
      r.interest_share
    from (
      select l.loan_id, l.audit_id, 0 as part, g.n as position, 'scheduled' as kind, 'schedule' as cause,
        g.n as emi_number, null::integer as to_emi_number, l.per_day_emi as amount, l.per_day_emi as instalment,
        0::bigint as penalty, null::bigint as interest_share
      from jsonb_to_recordset(${json(loans)}) as l(${LOAN_COLUMNS})
      cross join lateral generate_series(1, l.total_emi_days) as g(n)
      union all
      select l.loan_id, l.audit_id, 1, g.n, 'opening', 'opening', g.n, null, l.per_day_emi, l.per_day_emi, 0,
        (l.per_day_emi - coalesce(${upTo(sql`g.n`)} - ${upTo(sql`g.n - 1`)}, 0))::bigint
      from jsonb_to_recordset(${json(loans)}) as l(${LOAN_COLUMNS})
      cross join lateral generate_series(1, l.paid_in_full) as g(n)
      union all
      select l.loan_id, l.audit_id, 2, g.n, 'written_off', 'opening', g.n, null, l.per_day_emi, l.per_day_emi, 0,
        null
      from jsonb_to_recordset(${json(loans)}) as l(${LOAN_COLUMNS})
      cross join lateral generate_series(l.written_off_from, l.total_emi_days) as g(n)
      where l.written_off_from is not null
      union all
      select x.loan_id, l.audit_id, 3, x.position, x.kind, x.cause, x.emi_number, x.to_emi_number, x.amount,
        x.instalment, x.penalty, x.interest_share
      from jsonb_to_recordset(${json(rows)}) as x(loan_id integer, position integer, kind text, cause text,
        emi_number integer, to_emi_number integer, amount bigint, instalment bigint, penalty bigint,
        interest_share bigint)
      join jsonb_to_recordset(${json(loans)}) as l(${LOAN_COLUMNS}) using (loan_id)) r
    order by r.loan_id, r.part, r.position`);
};
