import { creditHeldOf, DOCUMENT_FIELDS, LOAN_STATUSES, PAYMENT_MODES, PAYMENT_TYPES } from '@lending/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../test/support/constants';
import { signIn } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import {
  auditLogs,
  cashDayCloses,
  cashHandovers,
  creditEvents,
  emiPayments,
  emis,
  expenses,
  loanLedger,
  loanProducts,
  loans,
  notifications,
  supportMessages,
  todos,
  updateStatuses,
  users,
} from '../db/schema';
import { verifyBooks } from '../modules/books';
import { createCash } from '../modules/cash';
import { listLedger } from '../modules/money';
import { DEMO_CUSTOMERS } from './customers';
import { seedDemoLender } from './lender';
import { DEMO_PASSWORD, seedDemoData } from './people';

let t: TestApp;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  today = t.clock.today();
  await seedDemoData(t.db);
  await seedDemoLender(t.deps, TEST_ADMIN.email);
}, 600_000);
afterAll(() => t.close());

const distinct = <T>(values: T[]) => [...new Set(values)].sort();

describe('the demo lender', () => {
  it('has forty customers with Indian mobiles, distinct e-mails and every document stored', async () => {
    const rows = await t.db.select().from(users);
    const customers = rows.filter((row) => DEMO_CUSTOMERS.some((person) => person.email === row.email));
    expect(customers).toHaveLength(40);
    expect(new Set(customers.map((row) => row.email)).size).toBe(40);
    for (const row of customers) {
      expect(row.mobile).toMatch(/^[6-9]\d{9}$/);
      expect(row.agentId).not.toBeNull();
      for (const key of [row.profilePic, row.adhaarCard, row.voterCard, row.panCard, row.bankCheck])
        expect(key).toMatch(/\.png$/);
    }
  });

  it('serves a borrower’s documents through their signed links', async () => {
    const token = await signIn(t, 'sunita@demo.example.com', DEMO_PASSWORD);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    for (const field of DOCUMENT_FIELDS) {
      const url = me.json().user[field] as string;
      const file = await t.app.inject({ url });
      expect(file.statusCode, field).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }
  });

  it('has loans in every status, each foreclosure kind and every payment type and mode', async () => {
    const all = await t.db.select().from(loans);
    expect(all.length).toBeGreaterThanOrEqual(70);
    expect(distinct(all.map((loan) => loan.status))).toEqual([...LOAN_STATUSES].sort());
    expect(distinct(all.map((loan) => loan.foreclosureType).filter(Boolean))).toEqual([
      'full',
      'full_and_final',
      'settlement',
    ]);
    const payments = await t.db.select().from(emiPayments);
    expect(distinct(payments.map((payment) => payment.paymentType))).toEqual([...PAYMENT_TYPES].sort());
    expect(distinct(payments.map((payment) => payment.paymentMode))).toEqual(
      [...PAYMENT_MODES, 'credit'].sort(),
    );
    // Collected by the agents in the field as well as at the office.
    expect(new Set(payments.map((payment) => payment.collectedBy)).size).toBeGreaterThanOrEqual(4);
  });

  it('has bounces recovered, waived, written off and still owed, and charges carried and waived', async () => {
    const bounced = await t.db.select().from(emis).where(isNotNull(emis.bounceStatus));
    expect(distinct(bounced.map((emi) => emi.bounceStatus))).toEqual([
      'bounced',
      'recovered',
      'waived',
      'written_off',
    ]);
    const kinds = distinct((await t.db.select().from(loanLedger)).map((row) => row.kind));
    expect(kinds).toEqual(
      expect.arrayContaining(['carry', 'waived', 'written_off', 'credit', 'credit_applied', 'refund']),
    );
  });

  it('holds credit on a loan whose terms were edited after payments', async () => {
    const held = [];
    for (const loan of await t.db.select().from(loans).where(eq(loans.status, 'approved')))
      held.push(creditHeldOf(await listLedger(t.db, loan.id)));
    expect(Math.max(...held)).toBeGreaterThan(0);
  });

  it('recorded the history on its own days, with EMIs due today both paid and unpaid', async () => {
    const days = new Set((await t.db.select().from(loanLedger)).map((row) => row.businessDate));
    expect(days.size).toBeGreaterThan(60);
    const dueToday = await t.db
      .select()
      .from(emis)
      .innerJoin(loans, eq(loans.id, emis.loanId))
      .where(and(eq(emis.emiDate, today), eq(loans.status, 'approved')));
    const statuses = dueToday.map((row) => row.emis.status);
    expect(statuses).toContain('paid');
    expect(statuses).toContain('pending');
  });

  it('tells the borrower login’s story: a bounce recovered the next day, paid on time, four EMIs overdue', async () => {
    const [first] = await t.db.select().from(loans).where(eq(loans.loanNumber, 1));
    const schedule = await t.db
      .select()
      .from(emis)
      .where(eq(emis.loanId, first?.id ?? 0));
    const overdue = schedule.filter((emi) => emi.status === 'pending' && emi.emiDate < today);
    expect(overdue.map((emi) => emi.emiNumber).sort((a, b) => a - b)).toEqual([17, 18, 19, 20]);
    expect(schedule.find((emi) => emi.emiNumber === 6)?.bounceStatus).toBe('recovered');
    const events = await t.db
      .select()
      .from(creditEvents)
      .where(eq(creditEvents.loanId, first?.id ?? 0));
    expect(events.filter((event) => event.eventType === 'EMI_BOUNCED')).toHaveLength(1);
    // Paid on their own due dates: on time.
    expect(events.filter((event) => event.eventType === 'EMI_PAID_LATE')).toHaveLength(0);
  });

  it('has expenses, tasks, notifications, support messages in every status and an update record', async () => {
    expect((await t.db.select().from(expenses)).length).toBeGreaterThan(10);
    const tasks = await t.db.select().from(todos);
    expect(distinct(tasks.map((task) => task.completed))).toEqual([false, true]);
    expect((await t.db.select().from(notifications)).length).toBeGreaterThan(40);
    const support = await t.db.select().from(supportMessages);
    expect(distinct(support.map((message) => message.status))).toEqual([
      'In-Progress',
      'Pending',
      'Resolved',
    ]);
    const updates = await t.db.select().from(updateStatuses);
    expect(updates.map((update) => update.status)).toContain('up_to_date');
  });

  it('has loan products, one of them archived, each added by the admin and audited', async () => {
    const products = await t.db.select().from(loanProducts).orderBy(loanProducts.id);
    expect(products.map((product) => [product.name, product.isActive])).toEqual([
      ['Daily Mon–Sat', true],
      ['Market weekdays', true],
      ['Festival loan (old scheme)', false],
    ]);
    const audited = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'loan_product_created'));
    expect(audited).toHaveLength(3);
  });

  it('has handovers with a shortfall and an excess, closed days, and cash held for days', async () => {
    const handed = await t.db.select().from(cashHandovers);
    expect(handed.some((h) => h.difference < 0 && h.reason)).toBe(true);
    expect(handed.some((h) => h.difference > 0 && h.reason)).toBe(true);
    expect((await t.db.select().from(cashDayCloses)).length).toBeGreaterThanOrEqual(3);
    const { positions } = await createCash(t.deps).positions();
    expect(positions.some((p) => p.overdue)).toBe(true);
    expect(positions.every((p) => p.in_hand >= 0)).toBe(true);
  });

  it('keeps the books: every loan passes the check `npm run verify` runs', async () => {
    const report = await verifyBooks(t.db);
    expect(report.loansChecked).toBeGreaterThanOrEqual(70);
    expect(report.differing).toEqual([]);
    expect(report.loansDiffering).toBe(0);
  });
});
