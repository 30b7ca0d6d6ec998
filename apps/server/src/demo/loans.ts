import {
  addDays,
  createClock,
  type IsoDate,
  normalizeRoleName,
  type PaymentMode,
  type TPayEmiRequest,
} from '@lending/domain';
import { createEmiBounces, createEmiPayments } from '../modules/emis';
import { createLoanCreation, createLoanUpdating } from '../modules/loans';
import { findUserWithRoleByEmail } from '../modules/users';
import type { AuthUser } from '../platform/access';
import type { Actor } from '../platform/audit';
import type { AppDeps } from '../platform/deps';

type DemoPayment =
  | { kind: 'pay'; emi: number; type?: TPayEmiRequest['payment_type']; amount?: number; mode?: PaymentMode }
  | { kind: 'bounce'; emi: number; charge: number; reason: string };

type DemoLoan = {
  customerEmail: string;
  collectorEmail: string;
  amount: number;
  perDayEmi: number;
  days: number;
  /** Days before the business day the loan started. */
  startedDaysAgo: number;
  approved: boolean;
  /** What happened on each EMI's own due date, in order. */
  history: DemoPayment[];
};

const onTime = (from: number, to: number, mode: PaymentMode = 'cash'): DemoPayment[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'pay', emi: from + i, mode }));

/**
 * A few weeks of a small lender's book: daily cash collections, a bounce recovered the next day, a
 * partial payment, EMIs now overdue, and a loan still waiting for approval.
 */
const DEMO_LOANS: DemoLoan[] = [
  {
    customerEmail: 'sunita@demo.example.com',
    collectorEmail: 'ramesh.agent@demo.example.com',
    amount: 10_000,
    perDayEmi: 120,
    days: 100,
    startedDaysAgo: 20,
    approved: true,
    history: [
      ...onTime(1, 5),
      { kind: 'bounce', emi: 6, charge: 50, reason: 'Insufficient funds' },
      ...onTime(7, 11, 'upi'),
      { kind: 'pay', emi: 12, type: 'partial', amount: 100 },
      ...onTime(13, 16),
    ],
  },
  {
    customerEmail: 'mohammed@demo.example.com',
    collectorEmail: 'ramesh.agent@demo.example.com',
    amount: 20_000,
    perDayEmi: 250,
    days: 100,
    startedDaysAgo: 10,
    approved: true,
    history: onTime(1, 7, 'upi'),
  },
  {
    customerEmail: 'kavita@demo.example.com',
    collectorEmail: 'priya.agent@demo.example.com',
    amount: 5_000,
    perDayEmi: 60,
    days: 100,
    startedDaysAgo: 5,
    approved: true,
    history: onTime(1, 5),
  },
  {
    customerEmail: 'sunita@demo.example.com',
    collectorEmail: 'ramesh.agent@demo.example.com',
    amount: 15_000,
    perDayEmi: 180,
    days: 100,
    startedDaysAgo: 0,
    approved: false,
    history: [],
  },
];

const authUserOf = async (deps: AppDeps, email: string): Promise<AuthUser> => {
  const found = await findUserWithRoleByEmail(deps.db, email);
  if (!found) throw new Error(`demo user ${email} is missing`);
  return {
    id: found.user.id,
    name: found.user.name,
    email: found.user.email,
    role: normalizeRoleName(found.role.name),
    roleId: found.role.id,
    permissions: found.role.permissions,
  };
};

/** The same services as the screens, with the clock set to the day each thing happened. */
const servicesOn = (deps: AppDeps, day: IsoDate) => {
  const dayDeps = { ...deps, clock: createClock({ businessDate: day, now: deps.clock.now }) };
  return {
    creation: createLoanCreation(dayDeps),
    updating: createLoanUpdating(dayDeps),
    payments: createEmiPayments(dayDeps),
    bounces: createEmiBounces(dayDeps),
  };
};

/** Loads the demo lender's loans through the services, so ledger, audit and credit events are real. */
export const seedDemoLoans = async (deps: AppDeps, adminEmail: string): Promise<number> => {
  const admin = await authUserOf(deps, adminEmail);
  const audit = (user: AuthUser): Actor => ({ userId: user.id, ip: null, userAgent: 'demo data' });
  const today = deps.clock.today();
  for (const demo of DEMO_LOANS) {
    const customer = await authUserOf(deps, demo.customerEmail);
    const collector = await authUserOf(deps, demo.collectorEmail);
    const startDate = addDays(today, -demo.startedDaysAgo);
    const form = {
      customer_id: customer.id,
      loan_amount: demo.amount,
      per_day_emi: demo.perDayEmi,
      total_emi_days: demo.days,
      start_date: startDate,
      loan_reason: 'Working capital for the shop',
      payment_method: 'Cash',
    };
    const created = await servicesOn(deps, startDate).creation.create(admin, form, undefined, audit(admin));
    if (!demo.approved) continue;
    await servicesOn(deps, startDate).updating.update(
      admin,
      created.id,
      { ...form, status: 'approved' },
      undefined,
      audit(admin),
    );
    for (const step of demo.history) {
      const day = addDays(startDate, step.emi - 1);
      const services = servicesOn(deps, day);
      const call = { actor: collector, audit: audit(collector), claim: null };
      const path = { loanId: created.id, emiNumber: step.emi };
      if (step.kind === 'bounce') {
        await services.bounces.bounce(call, path, {
          reason: step.reason,
          notes: '',
          late_charges: step.charge,
        });
      } else {
        await services.payments.pay(call, path, {
          payment_type: step.type ?? 'full',
          payment_mode: step.mode ?? 'cash',
          payment_amount: step.amount,
        });
      }
    }
  }
  return DEMO_LOANS.length;
};
