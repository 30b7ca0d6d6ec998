import type { IsoDate, LoanClass } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** The SQL of the day-end close: its runs, the register, the totals per class and the changes. */

const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;
/** Rows written per statement: a register of 100,000 loans is 20 statements, each a bounded JSON text. */
const CHUNK = 5_000;

const chunks = <T>(rows: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** The latest business day whose close succeeded before `before` (any, when absent). */
export const lastClosedDay = async (db: Executor, before?: IsoDate): Promise<IsoDate | null> => {
  const [row] = rowsOf<{ day: string | null }>(
    await db.execute(sql`select max(business_date)::text as day from day_end_closes
      where status = 'succeeded' ${before ? sql`and business_date < ${before}::date` : sql``}`),
  );
  return row?.day ?? null;
};

/** A close's state, as its runs leave it. */
export type CloseState = { status: string; jobId: number | null };

export const findClose = async (db: Executor, day: IsoDate): Promise<CloseState | null> => {
  const [row] = rowsOf<{ status: string; job_id: number | null }>(
    await db.execute(sql`select status, job_id from day_end_closes where business_date = ${day}::date`),
  );
  return row ? { status: row.status, jobId: row.job_id === null ? null : Number(row.job_id) } : null;
};

/** Records that a close of `day` started: its first run, or one more run of it. */
export const markCloseRunning = async (
  db: Executor,
  run: { day: IsoDate; jobId: number | null; startedBy: number | null; now: Date },
) => {
  await db.execute(sql`insert into day_end_closes (business_date, status, job_id, started_by, started_at)
    values (${run.day}::date, 'running', ${run.jobId}, ${run.startedBy}, ${run.now.toISOString()}::timestamptz)
    on conflict (business_date) do update set status = 'running', job_id = excluded.job_id,
      started_by = excluded.started_by, started_at = excluded.started_at, finished_at = null, error = null,
      runs = day_end_closes.runs + 1`);
};

export const markCloseFailed = async (db: Executor, day: IsoDate, error: string, now: Date) => {
  await db.execute(sql`update day_end_closes set status = 'failed', error = ${error},
    finished_at = ${now.toISOString()}::timestamptz where business_date = ${day}::date`);
};

/** A loan's classes in the register of a close. */
export type RegisteredClass = { loanClass: LoanClass; ownClass: LoanClass; since: IsoDate };

/** The register of `day`: each loan in a class other than standard. */
export const registerOf = async (db: Executor, day: IsoDate): Promise<Map<number, RegisteredClass>> =>
  new Map(
    rowsOf<{ loan_id: number; loan_class: LoanClass; own_class: LoanClass; since: string }>(
      await db.execute(sql`select loan_id, loan_class, own_class, since::text as since from loan_class_days
        where business_date = ${day}::date`),
    ).map((r) => [Number(r.loan_id), { loanClass: r.loan_class, ownClass: r.own_class, since: r.since }]),
  );

/** A loan of the register as a close writes it (money in paise). */
export type RegisterLine = {
  loan_id: number;
  customer_id: number;
  agent_key: number;
  loan_class: LoanClass;
  own_class: LoanClass;
  previous_class: LoanClass;
  by_borrower: boolean;
  days_past_due: number;
  since: IsoDate;
  outstanding: number;
  arrears: number;
};

/** Loans and outstanding principal of one agent (0: none) and class. */
export type ClassTotalLine = { agent_key: number; loan_class: LoanClass; loans: number; outstanding: number };

/** A change of a loan's classes at a close. */
export type ChangeLine = {
  loan_id: number;
  from_class: LoanClass;
  to_class: LoanClass;
  from_own: LoanClass;
  to_own: LoanClass;
  days_past_due: number;
  reason: string;
};

/**
 * Writes a close's outcome for `day`, replacing what an earlier run of the same day wrote: its
 * register and totals are deleted, its changes kept but marked superseded, then the new ones written
 * and the close marked succeeded with its counts.
 */
export const writeClose = async (
  tx: Executor,
  close: {
    day: IsoDate;
    now: Date;
    loans: number;
    register: readonly RegisterLine[];
    totals: readonly ClassTotalLine[];
    changes: readonly ChangeLine[];
  },
) => {
  const day = sql`${close.day}::date`;
  const at = sql`${close.now.toISOString()}::timestamptz`;
  await tx.execute(sql`delete from loan_class_days where business_date = ${day}`);
  await tx.execute(sql`delete from loan_class_day_totals where business_date = ${day}`);
  await tx.execute(sql`update loan_class_changes set superseded_at = ${at}
    where business_date = ${day} and superseded_at is null`);
  for (const part of chunks(close.register))
    await tx.execute(sql`insert into loan_class_days (business_date, loan_id, customer_id, agent_key, loan_class,
        own_class, previous_class, by_borrower, days_past_due, since, outstanding, arrears)
      select ${day}, r.loan_id, r.customer_id, r.agent_key, r.loan_class, r.own_class, r.previous_class,
        r.by_borrower, r.days_past_due, r.since, r.outstanding, r.arrears
      from jsonb_to_recordset(${json(part)}) as r(loan_id integer, customer_id integer, agent_key integer,
        loan_class text, own_class text, previous_class text, by_borrower boolean, days_past_due integer,
        since date, outstanding bigint, arrears bigint)
      order by r.loan_id`);
  for (const part of chunks(close.totals))
    await tx.execute(sql`insert into loan_class_day_totals (business_date, agent_key, loan_class, loans, outstanding)
      select ${day}, r.agent_key, r.loan_class, r.loans, r.outstanding
      from jsonb_to_recordset(${json(part)}) as r(agent_key integer, loan_class text, loans integer, outstanding bigint)`);
  for (const part of chunks(close.changes))
    await tx.execute(sql`insert into loan_class_changes (loan_id, business_date, from_class, to_class, from_own,
        to_own, days_past_due, reason, created_at)
      select r.loan_id, ${day}, r.from_class, r.to_class, r.from_own, r.to_own, r.days_past_due, r.reason, ${at}
      from jsonb_to_recordset(${json(part)}) as r(loan_id integer, from_class text, to_class text, from_own text,
        to_own text, days_past_due integer, reason text)
      order by r.loan_id`);
  await tx.execute(sql`update day_end_closes set status = 'succeeded', loans = ${close.loans},
    changes = ${close.changes.length}, finished_at = ${at}, error = null where business_date = ${day}`);
};

/** The register's filter: one closed day, optionally one class, one agent (0: none), only the moved. */
export type RegisterFilter = { day: IsoDate; loanClass?: LoanClass; agentKey?: number; changed?: boolean };

const registerWhere = (filter: RegisterFilter): SQL =>
  sql.join(
    [
      sql`d.business_date = ${filter.day}::date`,
      ...(filter.loanClass ? [sql`d.loan_class = ${filter.loanClass}`] : []),
      ...(filter.agentKey !== undefined ? [sql`d.agent_key = ${filter.agentKey}`] : []),
      ...(filter.changed === true ? [sql`d.loan_class <> d.previous_class`] : []),
      ...(filter.changed === false ? [sql`d.loan_class = d.previous_class`] : []),
    ],
    sql` and `,
  );

/** A register row with the names the screens show (money in paise). */
export type RegisterEntry = Omit<RegisterLine, 'agent_key'> & {
  loan_code: string;
  customer_name: string;
  customer_mobile: string | null;
  agent_id: number | null;
  agent_name: string | null;
};

const registerSelect = (filter: RegisterFilter) => sql`select d.loan_id, l.loan_code, d.customer_id,
    c.name as customer_name, c.mobile as customer_mobile, a.id as agent_id, a.name as agent_name, d.loan_class,
    d.own_class, d.previous_class, d.by_borrower, d.days_past_due, d.since::text as since,
    d.outstanding::text as outstanding, d.arrears::text as arrears
  from loan_class_days d
  join loans l on l.id = d.loan_id
  join users c on c.id = d.customer_id
  left join users a on a.id = nullif(d.agent_key, 0)
  where ${registerWhere(filter)}`;

const toEntry = (r: Record<string, unknown>): RegisterEntry => ({
  loan_id: Number(r.loan_id),
  loan_code: String(r.loan_code),
  customer_id: Number(r.customer_id),
  customer_name: String(r.customer_name),
  customer_mobile: r.customer_mobile === null ? null : String(r.customer_mobile),
  agent_id: r.agent_id === null ? null : Number(r.agent_id),
  agent_name: r.agent_name === null ? null : String(r.agent_name),
  loan_class: r.loan_class as LoanClass,
  own_class: r.own_class as LoanClass,
  previous_class: r.previous_class as LoanClass,
  by_borrower: Boolean(r.by_borrower),
  days_past_due: Number(r.days_past_due),
  since: String(r.since),
  outstanding: Number(r.outstanding),
  arrears: Number(r.arrears),
});

/** One page of the register in loan order, and how many rows the filter matches. */
export const registerPage = async (
  db: Executor,
  filter: RegisterFilter,
  window: { limit: number; offset: number },
) => {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`${registerSelect(filter)} order by d.loan_id limit ${window.limit} offset ${window.offset}`,
    ),
  ).map(toEntry);
  const [count] = rowsOf<{ total: string }>(
    await db.execute(
      sql`select count(*)::text as total from loan_class_days d where ${registerWhere(filter)}`,
    ),
  );
  return { rows, total: Number(count?.total ?? 0) };
};

/** The register rows after loan `after`, `limit` of them: an export's batch. */
export const registerBatch = async (
  db: Executor,
  filter: RegisterFilter,
  after: number | undefined,
  limit: number,
) =>
  rowsOf<Record<string, unknown>>(
    await db.execute(sql`${registerSelect(filter)} ${after === undefined ? sql`` : sql`and d.loan_id > ${after}`}
      order by d.loan_id limit ${limit}`),
  ).map(toEntry);

/** Loans and outstanding principal per class at a close, over every agent or one. */
export const classTotals = async (db: Executor, day: IsoDate, agentKey?: number) =>
  rowsOf<{ loan_class: LoanClass; loans: string; outstanding: string }>(
    await db.execute(sql`select loan_class, sum(loans)::text as loans, sum(outstanding)::text as outstanding
      from loan_class_day_totals where business_date = ${day}::date
        ${agentKey === undefined ? sql`` : sql`and agent_key = ${agentKey}`}
      group by loan_class`),
  ).map((r) => ({ loanClass: r.loan_class, loans: Number(r.loans), outstanding: Number(r.outstanding) }));

/** When a close finished. */
export const closeFinishedAt = async (db: Executor, day: IsoDate): Promise<Date | null> => {
  const [row] = rowsOf<{ finished_at: string | Date | null }>(
    await db.execute(sql`select finished_at from day_end_closes where business_date = ${day}::date`),
  );
  return row?.finished_at ? new Date(row.finished_at) : null;
};

/** A loan's row in a close's register (none: standard, or not in the book). */
export const loanInRegister = async (db: Executor, day: IsoDate, loanId: number) => {
  const [row] = rowsOf<{ loan_class: LoanClass; own_class: LoanClass; days_past_due: number; since: string }>(
    await db.execute(sql`select loan_class, own_class, days_past_due, since::text as since from loan_class_days
      where business_date = ${day}::date and loan_id = ${loanId}`),
  );
  return row ?? null;
};

/** A loan's class changes that stand (not replaced by a re-run), newest first. */
export const loanChanges = async (db: Executor, loanId: number, limit: number) =>
  rowsOf<{
    business_date: string;
    from_class: LoanClass;
    to_class: LoanClass;
    days_past_due: number;
    reason: string;
  }>(
    await db.execute(sql`select business_date::text as business_date, from_class, to_class, days_past_due, reason
      from loan_class_changes where loan_id = ${loanId} and superseded_at is null and from_class <> to_class
      order by business_date desc, id desc limit ${limit}`),
  );

/** A close as its history lists it. */
export type CloseEntry = {
  business_date: string;
  status: string;
  runs: number;
  loans: number;
  changes: number;
  outstanding: string | null;
  npa_outstanding: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  started_by: number | null;
  started_by_name: string | null;
  job_id: number | null;
  error: string | null;
};

/** The closes, newest business day first, with their book and NPA outstanding. */
export const closesPage = async (db: Executor, window: { limit: number; offset: number }) => {
  const rows = rowsOf<CloseEntry>(
    await db.execute(sql`select e.business_date::text as business_date, e.status, e.runs, e.loans, e.changes,
        t.outstanding::text as outstanding, t.npa_outstanding::text as npa_outstanding, e.started_at, e.finished_at,
        e.started_by, u.name as started_by_name, e.job_id, e.error
      from day_end_closes e
      left join users u on u.id = e.started_by
      left join lateral (select sum(outstanding) as outstanding,
          sum(outstanding) filter (where loan_class = 'npa') as npa_outstanding
        from loan_class_day_totals x where x.business_date = e.business_date) t on true
      order by e.business_date desc limit ${window.limit} offset ${window.offset}`),
  );
  const [count] = rowsOf<{ total: string }>(
    await db.execute(sql`select count(*)::text as total from day_end_closes`),
  );
  return { rows, total: Number(count?.total ?? 0) };
};
