import {
  addDays,
  creditHeldOf,
  FORECLOSURE_REASONS,
  foreclosureSummary,
  type IsoDate,
  latestLateCharge,
  loanScopeOf,
  paiseToRupees,
  type TUpdateLoanRequest,
} from '@lending/domain';
import { createOverdueCollection } from '../modules/agents';
import {
  createChargeClearing,
  createCreditCalls,
  createEmiBounces,
  createEmiPayments,
} from '../modules/emis';
import { createLoanCreation, createLoanForeclosure, createLoanUpdating } from '../modules/loans';
import { listLedger, loadLockedLoan } from '../modules/money';
import type { AuthUser } from '../platform/access';
import type { AppDeps } from '../platform/deps';
import { auditOf, depsOn } from './days';
import type { LoanPlan, Step } from './plans';

/** Who takes part in one loan's story: the admin at the office and the customer's field agent. */
export type LoanCast = { admin: AuthUser; customer: AuthUser; agent: AuthUser };

const LOAN_REASONS = [
  'Stock for the shop',
  'Working capital',
  'New push cart',
  'Festival season stock',
  'Repair of the stall',
  'Sewing machine',
];

/** A loan's EMIs and credit held as they stand now, read under its lock like a money call reads them. */
const readLoan = (deps: AppDeps, admin: AuthUser, loanId: number) =>
  deps.db.transaction(async (tx) => {
    const loaded = await loadLockedLoan(tx, loanId, loanScopeOf(admin));
    return { ...loaded, credit: creditHeldOf(await listLedger(tx, loanId)) };
  });

const rupees = (paise: number) => paiseToRupees(Math.round(paise));

/** Runs one step on the day's services, as the screen's button would. */
const runStep = async (
  deps: AppDeps,
  cast: LoanCast,
  loan: { id: number; form: TUpdateLoanRequest },
  step: Step,
) => {
  const { admin, agent } = cast;
  const adminCall = { actor: admin, audit: auditOf(admin), claim: null, loanId: loan.id };
  const agentCall = { actor: agent, audit: auditOf(agent), claim: null };
  switch (step.kind) {
    case 'status':
      loan.form = { ...loan.form, status: step.to };
      await createLoanUpdating(deps).update(admin, loan.id, loan.form, undefined, auditOf(admin));
      return;
    case 'edit':
      loan.form = { ...loan.form, per_day_emi: step.perDayEmi, total_emi_days: step.days };
      await createLoanUpdating(deps).update(admin, loan.id, loan.form, undefined, auditOf(admin));
      return;
    case 'pay':
      await createEmiPayments(deps).pay(
        step.byAdmin ? adminCall : agentCall,
        { loanId: loan.id, emiNumber: step.emi },
        { payment_type: step.type ?? 'full', payment_mode: step.mode ?? 'cash', payment_amount: step.amount },
      );
      return;
    case 'bounce':
      await createEmiBounces(deps).bounce(
        agentCall,
        { loanId: loan.id, emiNumber: step.emi },
        { reason: step.reason, notes: '', late_charges: step.charge },
      );
      return;
    case 'collect':
      await createOverdueCollection(deps).collect(agentCall, {
        loan_id: loan.id,
        payment_mode: step.mode,
        late_charge_amount: step.lateCharge,
      });
      return;
    case 'clear-emi': {
      const { rows } = await readLoan(deps, admin, loan.id);
      const emi = rows.find((row) => row.emiNumber === step.emi);
      if (!emi) throw new Error(`demo loan ${loan.id} has no EMI ${step.emi}`);
      await createChargeClearing(deps).clearEmi(adminCall, emi.id, {
        amount: rupees(emi.lateCharge),
        reason: 'Goodwill: first bounce in a good record',
      });
      return;
    }
    case 'clear-all': {
      const { state } = await readLoan(deps, admin, loan.id);
      await createChargeClearing(deps).clearAll(adminCall, {
        amount: rupees(latestLateCharge(state)),
        reason: 'Customer was in hospital',
      });
      return;
    }
    case 'apply-credit':
      await createCreditCalls(deps).apply(adminCall, { notes: 'Credit from the corrected terms' });
      return;
    case 'refund': {
      const { credit } = await readLoan(deps, admin, loan.id);
      await createCreditCalls(deps).refund(adminCall, {
        amount: rupees(credit),
        payment_mode: step.mode,
        notes: 'Excess after the terms were corrected',
      });
      return;
    }
    case 'foreclose': {
      const { state, credit } = await readLoan(deps, admin, loan.id);
      const pending = foreclosureSummary(state, credit).totalPendingAmount;
      await createLoanForeclosure(deps).foreclose(adminCall, loan.id, {
        foreclosure_type: step.type,
        settlement_amount: step.share === undefined ? undefined : rupees(pending * step.share),
        reason: FORECLOSURE_REASONS[loan.id % FORECLOSURE_REASONS.length] ?? 'Other',
        payment_mode: step.mode,
      });
      return;
    }
  }
};

const earlier = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b);

/**
 * One demo loan's whole story through the services, each step on its own day (never after today):
 * created on its start date (or today, when it starts later), then every event in day order.
 */
export const runLoanPlan = async (deps: AppDeps, cast: LoanCast, plan: LoanPlan, serial: number) => {
  const today = deps.clock.today();
  const start = addDays(today, -plan.startedDaysAgo);
  let minute = serial;
  const on = (day: IsoDate) => {
    minute += 7;
    return depsOn(deps, earlier(day, today), minute);
  };
  const form: TUpdateLoanRequest = {
    customer_id: cast.customer.id,
    loan_amount: plan.amount,
    per_day_emi: plan.perDayEmi,
    total_emi_days: plan.days,
    start_date: start,
    loan_reason: LOAN_REASONS[serial % LOAN_REASONS.length],
    payment_method: serial % 2 === 0 ? 'Cash' : 'Bank transfer',
  };
  const created = await createLoanCreation(on(start)).create(
    cast.admin,
    form,
    undefined,
    auditOf(cast.admin),
  );
  const loan = { id: created.id, form };
  const events = [...plan.events].sort((a, b) => a.day - b.day);
  // Only the status of a loan starting later is set ahead of its start; money never moves in the future.
  const ahead = events.find((event) => event.step.kind !== 'status' && event.day > plan.startedDaysAgo);
  if (ahead) throw new Error(`demo loan ${serial}: ${ahead.step.kind} on day ${ahead.day} is after today`);
  for (const event of events) await runStep(on(addDays(start, event.day)), cast, loan, event.step);
  return created.id;
};
