import {
  classificationMessages,
  isClosable,
  istTimeOf,
  LOAN_CLASSES,
  type LoanClass,
  paiseToRupees,
  percentShare,
  type TClassificationSummary,
  type TClassTotal,
  type TDayEndCloseListQuery,
  type TDayEndClosePage,
  type TJobStarted,
  type TLoanClassification,
  type TRegisterPage,
  type TRegisterQuery,
  type TRegisterRow,
  type TStartDayEndCloseRequest,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createJobs, enqueueJob } from '../jobs';
import { findVisibleLoan } from '../loans';
import { closeTimeOf } from './close-job';
import type { ClosePlan } from './close-service';
import {
  classTotals,
  closeFinishedAt,
  closesPage,
  findClose,
  lastClosedDay,
  loanChanges,
  loanInRegister,
  type RegisterEntry,
  type RegisterFilter,
  registerPage,
} from './repository';

/** A close asked by hand, and one asked again for a day already closed; named so the audit-coverage test sees them. */
const CLOSE_AUDIT = {
  started: { action: 'day_end_close_started' },
  rerun: { action: 'day_end_close_rerun' },
} as const;

/** How many of a loan's class changes Loan Details lists. */
const LOAN_CHANGES_SHOWN = 50;

/** A register row as the API answers it: money in rupees. */
export const toRegisterRow = (r: RegisterEntry): TRegisterRow => ({
  loanId: r.loan_id,
  loanCode: r.loan_code,
  customer: { id: r.customer_id, name: r.customer_name, mobile: r.customer_mobile },
  agent: r.agent_id === null ? null : { id: r.agent_id, name: r.agent_name ?? '' },
  loanClass: r.loan_class,
  ownClass: r.own_class,
  previousClass: r.previous_class,
  byBorrower: r.by_borrower,
  daysPastDue: r.days_past_due,
  since: r.since,
  outstanding: paiseToRupees(r.outstanding),
  arrears: paiseToRupees(r.arrears),
});

/** Every class, in order, with its loans and outstanding principal (zero when the close had none). */
const everyClass = (rows: { loanClass: LoanClass; loans: number; outstanding: number }[]): TClassTotal[] =>
  LOAN_CLASSES.map((loanClass) => {
    const row = rows.find((candidate) => candidate.loanClass === loanClass);
    return { loanClass, loans: row?.loans ?? 0, outstanding: paiseToRupees(row?.outstanding ?? 0) };
  });

/** The register's filter for a query: the day asked or the latest close (null: none yet). */
export const registerFilterOf = async (
  deps: AppDeps,
  query: Omit<TRegisterQuery, 'page' | 'pageSize'>,
): Promise<RegisterFilter | null> => {
  const day = query.date ?? (await lastClosedDay(deps.db));
  if (day === null) return null;
  return { day, loanClass: query.loanClass, agentKey: query.agentId, changed: query.changed };
};

/** The classification's reads and the start of a close by hand. */
export const createClassification = (deps: AppDeps) => ({
  /** GET /classification/register: a page of a close's register and its totals per class. */
  async register(query: TRegisterQuery): Promise<TRegisterPage> {
    const filter = await registerFilterOf(deps, query);
    const empty = { rows: [], total: 0, page: query.page, totalPages: 0, classes: everyClass([]) };
    if (filter === null) return { asOf: null, closedAt: null, ...empty };
    const closedAt = await closeFinishedAt(deps.db, filter.day);
    if (closedAt === null) return { asOf: filter.day, closedAt: null, ...empty };
    const { rows, total } = await registerPage(deps.db, filter, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      asOf: filter.day,
      closedAt: closedAt.toISOString(),
      rows: rows.map(toRegisterRow),
      total,
      page: query.page,
      totalPages: Math.ceil(total / query.pageSize),
      classes: everyClass(await classTotals(deps.db, filter.day, filter.agentKey)),
    };
  },

  /** GET /classification/summary: the latest close's classes and NPA share of outstanding principal. */
  async summary(): Promise<TClassificationSummary> {
    const day = await lastClosedDay(deps.db);
    const paise = day ? await classTotals(deps.db, day) : [];
    const classes = everyClass(paise);
    const outstanding = paise.reduce((sum, row) => sum + row.outstanding, 0);
    const npa = paise.find((row) => row.loanClass === 'npa')?.outstanding ?? 0;
    return {
      asOf: day,
      outstanding: paiseToRupees(outstanding),
      npaOutstanding: paiseToRupees(npa),
      npaShare: percentShare(npa, outstanding),
      classes,
    };
  },

  /** GET /loans/:id/classification: the loan's class at the latest close and its changes. */
  async loan(user: AuthUser, loanId: number): Promise<TLoanClassification> {
    await findVisibleLoan(deps.db, user, loanId);
    const day = await lastClosedDay(deps.db);
    const current = day ? await loanInRegister(deps.db, day, loanId) : null;
    const changes = await loanChanges(deps.db, loanId, LOAN_CHANGES_SHOWN);
    return {
      asOf: day,
      loanClass: current?.loan_class ?? 'standard',
      ownClass: current?.own_class ?? 'standard',
      daysPastDue: current ? Number(current.days_past_due) : day ? 0 : null,
      since: current?.since ?? null,
      changes: changes.map((c) => ({
        businessDate: c.business_date,
        fromClass: c.from_class,
        toClass: c.to_class,
        daysPastDue: Number(c.days_past_due),
        reason: c.reason as TLoanClassification['changes'][number]['reason'],
      })),
    };
  },

  /** GET /classification/closes: the closes, newest business day first. */
  async closes(query: TDayEndCloseListQuery): Promise<TDayEndClosePage> {
    const { rows, total } = await closesPage(deps.db, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      closes: rows.map((r) => {
        const startedAt = new Date(r.started_at);
        const finishedAt = r.finished_at ? new Date(r.finished_at) : null;
        return {
          businessDate: r.business_date,
          status: r.status as TDayEndClosePage['closes'][number]['status'],
          runs: Number(r.runs),
          loans: Number(r.loans),
          changes: Number(r.changes),
          outstanding: paiseToRupees(Number(r.outstanding ?? 0)),
          npaOutstanding: paiseToRupees(Number(r.npa_outstanding ?? 0)),
          startedAt: startedAt.toISOString(),
          finishedAt: finishedAt?.toISOString() ?? null,
          durationMs: finishedAt ? finishedAt.getTime() - startedAt.getTime() : null,
          startedBy:
            r.started_by === null ? null : { id: Number(r.started_by), name: r.started_by_name ?? '' },
          jobId: r.job_id === null ? null : Number(r.job_id),
          error: r.error,
        };
      }),
      total,
      page: query.page,
      totalPages: Math.ceil(total / query.pageSize),
      closeAt: closeTimeOf(deps.dayEndCloseAt),
    };
  },

  /**
   * POST /classification/closes: a superadmin closes a business day that has ended, again only when
   * asked to re-run it (audited either way); the days closed after it are closed again after it.
   */
  async start(actor: Actor, request: TStartDayEndCloseRequest): Promise<TJobStarted> {
    const now = deps.clock.now();
    const day = request.businessDate;
    if (!isClosable(day, deps.clock.today(), istTimeOf(now), closeTimeOf(deps.dayEndCloseAt)))
      throw new AppError('DAY_END_NOT_CLOSABLE', classificationMessages.notClosable);
    const close = await findClose(deps.db, day);
    if (close?.status === 'succeeded' && !request.rerun)
      throw new AppError('DAY_END_ALREADY_CLOSED', classificationMessages.alreadyClosed);
    const plan: ClosePlan = { from: day, through: day };
    const row = await enqueueJob(deps.db, {
      kind: 'day-end.close',
      key: `manual:${day}:${now.toISOString()}`,
      payload: plan,
      startedBy: actor.userId,
    });
    await writeAudit(deps.db, actor, {
      action: (request.rerun ? CLOSE_AUDIT.rerun : CLOSE_AUDIT.started).action,
      resourceType: 'job',
      resourceId: row.id,
      metadata: { business_date: day, rerun: request.rerun, already_closed: close?.status === 'succeeded' },
    });
    return { message: classificationMessages.started(day), data: await createJobs(deps).show(row.id) };
  },
});
