import type { ForeclosureType, PaymentMode, PaymentType } from '@lending/domain';

/** One thing that happens to a demo loan, through the same service the screen's button calls. */
export type Step =
  | { kind: 'status'; to: 'accepted' | 'processing' | 'approved' }
  | { kind: 'pay'; emi: number; type?: PaymentType; amount?: number; mode?: PaymentMode; byAdmin?: boolean }
  | { kind: 'bounce'; emi: number; charge: number; reason: string }
  /** The agent's visit: every overdue EMI paid, optionally with a late charge levied. */
  | { kind: 'collect'; mode: PaymentMode; lateCharge?: number }
  /** Waives the EMI's whole late charge. */
  | { kind: 'clear-emi'; emi: number }
  /** Waives every open EMI's late charge, confirmed with the latest late charge. */
  | { kind: 'clear-all' }
  | { kind: 'edit'; perDayEmi: number; days: number }
  | { kind: 'apply-credit' }
  /** `share` of what is pending is the agreed amount (full ignores it). */
  | { kind: 'foreclose'; type: ForeclosureType; share?: number; mode: PaymentMode }
  /** Pays back all the credit held. */
  | { kind: 'refund'; mode: PaymentMode };

/** `day` counts from the loan's start date (0 = the start date, the day EMI 1 is due). */
export type Event = { day: number; step: Step };

export type LoanPlan = {
  /** Index into the demo's customers. */
  customer: number;
  amount: number;
  perDayEmi: number;
  days: number;
  startedDaysAgo: number;
  events: Event[];
};

const MODES: readonly PaymentMode[] = ['cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other'];
const AMOUNTS = [5_000, 8_000, 10_000, 12_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000];
const REASONS = ['Insufficient funds', 'Shop closed on visit', 'Cheque returned', 'Customer travelling'];

const modeOf = (n: number): PaymentMode => MODES[n % MODES.length] ?? 'cash';
const reasonOf = (n: number) => REASONS[n % REASONS.length] ?? 'Payment failed';

/** ₹amount repaid over `days` with 20% interest, the per-day EMI rounded up to ₹5. */
const terms = (amount: number, days: number) => ({
  amount,
  days,
  perDayEmi: Math.ceil((amount * 1.2) / days / 5) * 5,
});

const pay = (day: number, emi: number, extra: Partial<Extract<Step, { kind: 'pay' }>> = {}): Event => ({
  day,
  step: { kind: 'pay', emi, ...extra },
});
const approve = (day = 0): Event => ({ day, step: { kind: 'status', to: 'approved' } });
const collect = (day: number, mode: PaymentMode, lateCharge?: number): Event => ({
  day,
  step: { kind: 'collect', mode, lateCharge },
});
const bounce = (day: number, emi: number, charge: number, n: number): Event => ({
  day,
  step: { kind: 'bounce', emi, charge, reason: reasonOf(n) },
});

/** Visits every `every` days from the first week up to `lastDay` (included when it is a visit day). */
const visits = (lastDay: number, every: number, n: number): Event[] =>
  Array.from({ length: Math.floor(lastDay / every) }, (_, k) => collect((k + 1) * every, modeOf(n + k)));

/**
 * A borrower who pays every day on the day (modes vary). Some pay a part one day and only the EMI the
 * next (a partial then a carry), some missed the last two days (overdue), half paid today's EMI
 * and a few bounced it.
 */
const dailyPayer = (n: number, customer: number): LoanPlan => {
  const started = 5 + ((n * 3) % 16);
  const loan = terms(AMOUNTS[n % AMOUNTS.length] ?? 10_000, 100);
  const lastPaid = n % 3 === 1 ? started - 2 : started;
  const events: Event[] = [approve()];
  for (let emi = 1; emi <= lastPaid; emi += 1) {
    const mode = modeOf(n + emi);
    if (n % 3 === 0 && emi === 3)
      events.push(pay(emi - 1, emi, { type: 'partial', amount: Math.floor(loan.perDayEmi / 2), mode }));
    else if (n % 3 === 0 && emi === 4) events.push(pay(emi - 1, emi, { type: 'emi_only', mode }));
    else events.push(pay(emi - 1, emi, { mode, byAdmin: mode === 'bank_transfer' }));
  }
  if (n % 2 === 0) events.push(pay(started, started + 1, { mode: modeOf(n) }));
  else if (n % 4 === 3) events.push(bounce(started, started + 1, 50, n));
  return { customer, ...loan, startedDaysAgo: started, events };
};

/**
 * A borrower the agent visits weekly and collects everything overdue from. A third were visited today
 * (and paid today's EMI), a third are between visits (overdue EMIs), a third stopped paying with a
 * bounce still unrecovered. Some bounced once and paid it at the next visit, some paid a late charge.
 */
const weeklyPayer = (n: number, customer: number): LoanPlan => {
  // Most borrowers started within the last six weeks; every tenth one is a loan of three to four months.
  const started = n % 10 === 9 ? 90 + n : 12 + ((n * 11) % 30);
  const loan = terms(AMOUNTS[(n + 3) % AMOUNTS.length] ?? 10_000, started + 20 + ((n * 7) % 60));
  const lastVisit =
    n % 3 === 0 ? started : n % 3 === 1 ? started - 1 - (n % 6) : Math.max(7, started - 10 - (n % 15));
  let events: Event[] = [approve(), ...visits(lastVisit, 7, n)];
  if (n % 3 === 0 && lastVisit % 7 !== 0) events.push(collect(lastVisit, modeOf(n)));
  if (n % 3 === 0) events.push(pay(started, started + 1, { mode: modeOf(n + 1) }));
  if (n % 4 === 0) events.push(bounce(10, 11, 100, n));
  if (n % 3 === 2) events.push(bounce(lastVisit + 2, lastVisit + 3, 150, n));
  if (n % 5 === 0) events = withLevy(events, 7, 50);
  return { customer, ...loan, startedDaysAgo: started, events };
};

/** The visit of `day` levies a late charge (it replaces the plain visit of that day, if any). */
const withLevy = (events: Event[], day: number, charge: number): Event[] => [
  ...events.filter((event) => !(event.step.kind === 'collect' && event.day === day)),
  collect(day, 'cash', charge),
];

/** Loans not yet lending: waiting for acceptance, accepted, in processing. */
const notYetApproved = (n: number, customer: number, to?: 'accepted' | 'processing'): LoanPlan => ({
  customer,
  ...terms(AMOUNTS[(n + 5) % AMOUNTS.length] ?? 10_000, 100),
  startedDaysAgo: -(1 + (n % 4)),
  events: to ? [{ day: -1, step: { kind: 'status', to } }] : [],
});

/** A short loan paid to its last EMI at weekly visits: it closed itself. */
const paidOff = (n: number, customer: number): LoanPlan => {
  const loan = terms(AMOUNTS[n % 4] ?? 5_000, 20 + 5 * (n % 4));
  const events = [approve(), ...visits(loan.days, 7, n)];
  if (loan.days % 7 !== 0) events.push(collect(loan.days, modeOf(n + 2)));
  if (n % 2 === 0) events.push(bounce(5, 6, 75, n));
  return { customer, ...loan, startedDaysAgo: loan.days + 3 + n * 4, events };
};

/** Weekly visits, then a foreclosure of the given kind (some with a bounce left to it). */
const foreclosed = (n: number, customer: number, type: ForeclosureType, share?: number): LoanPlan => {
  const started = 45 + n * 9;
  const loan = terms(AMOUNTS[(n + 2) % AMOUNTS.length] ?? 10_000, 100);
  const at = 15 + (n % 5) * 3;
  const events = [approve(), ...visits(at - 1, 7, n)];
  if (n % 2 === 1) events.push(bounce(at - 2, at - 1, 120, n));
  events.push({ day: at, step: { kind: 'foreclose', type, share, mode: modeOf(n + 2) } });
  return { customer, ...loan, startedDaysAgo: started, events };
};

/**
 * Edits of loans that had payments, so the cash collected became credit held: one left held, one
 * applied to the oldest EMIs, and a loan whose credit paid it off, the rest refunded.
 */
const creditLoans = (customer: (n: number) => number): LoanPlan[] => {
  const kept = terms(20_000, 100);
  const applied = terms(15_000, 100);
  return [
    {
      customer: customer(0),
      ...kept,
      startedDaysAgo: 40,
      events: [
        approve(),
        ...visits(35, 7, 1),
        { day: 38, step: { kind: 'edit', perDayEmi: kept.perDayEmi + 20, days: 100 } },
      ],
    },
    {
      customer: customer(1),
      ...applied,
      startedDaysAgo: 50,
      events: [
        approve(),
        ...visits(42, 7, 2),
        { day: 44, step: { kind: 'edit', perDayEmi: applied.perDayEmi + 15, days: 90 } },
        { day: 44, step: { kind: 'apply-credit' } },
        collect(49, 'upi'),
      ],
    },
    {
      customer: customer(2),
      amount: 3_000,
      perDayEmi: 120,
      days: 30,
      startedDaysAgo: 45,
      events: [
        approve(),
        ...visits(28, 7, 3),
        { day: 29, step: { kind: 'edit', perDayEmi: 100, days: 30 } },
        { day: 29, step: { kind: 'apply-credit' } },
        { day: 31, step: { kind: 'refund', mode: 'upi' } },
      ],
    },
  ];
};

/** Waivers: a bounce's dues forgiven on the EMI they were carried to, and a loan's charges cleared at once. */
const waived = (customer: (n: number) => number): LoanPlan[] => [
  {
    customer: customer(0),
    ...terms(10_000, 100),
    startedDaysAgo: 30,
    events: [
      approve(),
      ...visits(20, 7, 4),
      bounce(22, 23, 200, 1),
      // The next EMI paid without the dues carries them on: forgiving them there waives the bounce.
      pay(23, 24, { type: 'emi_only', mode: 'upi' }),
      { day: 24, step: { kind: 'clear-emi', emi: 25 } },
      collect(27, 'cash'),
    ],
  },
  {
    customer: customer(1),
    ...terms(12_000, 100),
    startedDaysAgo: 26,
    events: [
      approve(),
      ...visits(14, 7, 5),
      pay(15, 16, { type: 'partial', amount: 50, mode: 'upi' }),
      { day: 16, step: { kind: 'clear-all' } },
      collect(21, 'cash'),
    ],
  },
];

/** The first demo customer's own story, as the borrower's screens show it (see the README). */
const sunitaLoans: LoanPlan[] = [
  {
    customer: 0,
    amount: 10_000,
    perDayEmi: 120,
    days: 100,
    startedDaysAgo: 20,
    events: [
      approve(),
      ...[1, 2, 3, 4, 5].map((emi) => pay(emi - 1, emi)),
      bounce(5, 6, 50, 0),
      ...[7, 8, 9, 10, 11].map((emi) => pay(emi - 1, emi, { mode: 'upi' })),
      pay(11, 12, { type: 'partial', amount: 100 }),
      ...[13, 14, 15, 16].map((emi) => pay(emi - 1, emi)),
    ],
  },
  { customer: 0, ...terms(15_000, 100), startedDaysAgo: 0, events: [] },
];

/** Every demo loan (about eighty), for `customers` customers; customer 0 is the borrower login. */
export const demoLoanPlans = (customers: number): LoanPlan[] => {
  let next = 1;
  // Round the book: each plan takes the next customer, skipping the borrower login's own.
  const nextCustomer = () => {
    const chosen = next;
    next = next + 1 >= customers ? 1 : next + 1;
    return chosen;
  };
  const many = (count: number, make: (n: number, customer: number) => LoanPlan) =>
    Array.from({ length: count }, (_, n) => make(n, nextCustomer()));
  return [
    ...sunitaLoans,
    ...many(16, dailyPayer),
    ...many(32, weeklyPayer),
    ...many(4, (n, c) => notYetApproved(n, c)),
    ...many(3, (n, c) => notYetApproved(n, c, 'accepted')),
    ...many(3, (n, c) => notYetApproved(n, c, 'processing')),
    ...many(4, paidOff),
    ...many(2, (n, c) => foreclosed(n, c, 'full')),
    foreclosed(2, nextCustomer(), 'full_and_final', 1.1),
    foreclosed(3, nextCustomer(), 'full_and_final', 0.85),
    ...[0.6, 0.7, 0.5].map((share, n) => foreclosed(n + 4, nextCustomer(), 'settlement', share)),
    ...creditLoans(() => nextCustomer()),
    ...waived(() => nextCustomer()),
  ];
};
