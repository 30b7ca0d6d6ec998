/**
 * The template loans of the bench portfolio, made through the product's own services (the same ones
 * the screens use) on the day each thing happened: their ledger, payments, bounces, credit events
 * and audit rows are exactly what the product writes. The seeder then copies them in SQL.
 */
import { addDays, type Clock, type IsoDate } from '@lending/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../apps/server/src/db/sql';
import { authUserOf } from '../apps/server/src/demo/days';
import { createEmiBounces, createEmiPayments } from '../apps/server/src/modules/emis';
import { createLoanCreation, createLoanUpdating } from '../apps/server/src/modules/loans';
import type { AuthUser } from '../apps/server/src/platform/access';
import type { Actor } from '../apps/server/src/platform/audit';
import type { AppDeps } from '../apps/server/src/platform/deps';
import { type EmiStep, planTemplate, type RandomSource, type TemplatePlan } from './seed-plan';

/** A clock the seeder moves from day to day; moments run forward within the day (10:00 IST onwards). */
export const movableClock = (today: IsoDate) => {
  let day = today;
  let tick = 0;
  const clock: Clock = {
    today: () => day,
    now: () => {
      tick += 1000;
      return new Date(Date.parse(`${day}T04:30:00Z`) + tick);
    },
  };
  return {
    clock,
    setDay: (next: IsoDate) => {
      day = next;
      tick = 0;
    },
  };
};

export { authUserOf };

type Context = {
  deps: AppDeps;
  app: FastifyInstance;
  adminHeaders: Record<string, string>;
  setDay: (day: IsoDate) => void;
  today: IsoDate;
  admin: AuthUser;
  random: RandomSource;
};

/** Counts of what the services did and refused (a refusal is a rule of the product, not an error). */
export type TemplateTally = Record<string, number>;

const countInto = (tally: TemplateTally, key: string) => {
  tally[key] = (tally[key] ?? 0) + 1;
};

const actorOf = (user: AuthUser): Actor => ({ userId: user.id, ip: null, userAgent: 'bench seed' });

const runStep = async (
  context: Context,
  loanId: number,
  collector: AuthUser,
  step: EmiStep,
  tally: TemplateTally,
) => {
  if (step.kind === 'skip') return;
  const call = { actor: collector, audit: actorOf(collector), claim: null };
  const path = { loanId, emiNumber: step.emi };
  try {
    if (step.kind === 'bounce') {
      await createEmiBounces(context.deps).bounce(call, path, {
        reason: step.reason,
        notes: '',
        late_charges: step.charge,
      });
    } else {
      await createEmiPayments(context.deps).pay(call, path, {
        payment_type: step.type,
        payment_mode: step.mode,
        payment_amount: step.amount,
      });
    }
    countInto(tally, step.kind === 'bounce' ? 'bounce' : `pay_${step.type}`);
  } catch {
    countInto(tally, `refused_${step.kind}`);
  }
};

const post = async (context: Context, url: string, payload: object) =>
  context.app.inject({ method: 'POST', url, headers: context.adminHeaders, payload });

type LoanForm = Parameters<ReturnType<typeof createLoanCreation>['create']>[1];

const endLoan = async (
  context: Context,
  loanId: number,
  plan: TemplatePlan,
  form: LoanForm,
  tally: TemplateTally,
) => {
  context.setDay(context.today);
  if (plan.ending === 'foreclose') {
    const type = context.random.pick(['full', 'full_and_final', 'settlement'] as const);
    const answer = await post(context, `/api/loans/${loanId}/foreclose`, {
      foreclosure_type: type,
      reason: 'Customer Request',
      payment_mode: 'cash',
      ...(type === 'full' ? {} : { settlement_amount: plan.perDayEmi * 5 }),
    });
    countInto(tally, answer.statusCode < 300 ? `foreclose_${type}` : 'refused_foreclose');
  } else if (plan.ending === 'edit_terms') {
    // A changed daily EMI rewrites the schedule: collected cash becomes the loan's credit held.
    try {
      await createLoanUpdating(context.deps).update(
        context.admin,
        loanId,
        { ...form, per_day_emi: plan.perDayEmi + 10, status: 'approved' },
        undefined,
        actorOf(context.admin),
      );
      countInto(tally, 'edit_terms');
    } catch {
      countInto(tally, 'refused_edit_terms');
    }
  } else if (plan.ending === 'clear_charges') {
    const rows = await context.deps.db.execute(
      sql.raw(
        `select id, late_charge::text from emis where loan_id = ${loanId} and late_charge > 0 and status in ('pending', 'partial') order by emi_number limit 1`,
      ),
    );
    const [row] = rowsOf<{ id: number; late_charge: string }>(rows);
    if (!row) return;
    const answer = await post(context, `/api/loans/emi/${row.id}/clear-charges`, {
      amount: Number(row.late_charge) / 100,
      reason: 'Waived after a visit',
    });
    countInto(tally, answer.statusCode < 300 ? 'clear_charges' : 'refused_clear_charges');
  }
};

/** Makes one template loan for the customer, collected by their agent, and writes its history. */
export const makeTemplateLoan = async (
  context: Context,
  customerId: number,
  collector: AuthUser,
  tally: TemplateTally,
): Promise<void> => {
  const plan = planTemplate(context.random);
  const startDate = addDays(context.today, -plan.startedDaysAgo);
  const form = {
    customer_id: customerId,
    loan_amount: plan.amount,
    per_day_emi: plan.perDayEmi,
    total_emi_days: plan.days,
    start_date: startDate,
    loan_reason: 'Working capital for the shop',
    payment_method: 'Cash',
  };
  context.setDay(startDate);
  const created = await createLoanCreation(context.deps).create(
    context.admin,
    form,
    undefined,
    actorOf(context.admin),
  );
  countInto(tally, `status_${plan.status}`);
  if (plan.status === 'pending_acceptance') return;
  await createLoanUpdating(context.deps).update(
    context.admin,
    created.id,
    { ...form, status: plan.status },
    undefined,
    actorOf(context.admin),
  );
  for (const step of plan.steps) {
    context.setDay(addDays(startDate, step.emi - 1));
    await runStep(context, created.id, collector, step, tally);
  }
  await endLoan(context, created.id, plan, form, tally);
};

export type { Context as TemplateContext };
