import { and, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../test/support/constants';
import { storedInvariant } from '../../test/support/loans';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { creditEvents, emis, loans } from '../db/schema';
import { seedDemoLoans } from './loans';
import { seedDemoData } from './people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ businessDate: '2026-11-21' });
  await seedDemoData(t.db);
  await seedDemoLoans(t.deps, TEST_ADMIN.email);
});
afterAll(() => t.close());

describe('demo loans', () => {
  it('keeps every loan’s ledger balanced', async () => {
    const all = await t.db.select().from(loans);
    expect(all.map((loan) => loan.status)).toEqual([
      'approved',
      'approved',
      'approved',
      'pending_acceptance',
    ]);
    for (const loan of all) {
      const { holds, violations } = await storedInvariant(t.db, loan.id);
      expect(violations).toEqual([]);
      expect(holds).toBe(true);
    }
  });

  it('leaves overdue EMIs for the agents to collect and recorded the history on its own days', async () => {
    const [first] = await t.db.select().from(loans).where(eq(loans.loanNumber, 1));
    const overdue = await t.db
      .select()
      .from(emis)
      .where(
        and(eq(emis.loanId, first?.id ?? 0), eq(emis.status, 'pending'), lt(emis.emiDate, '2026-11-21')),
      );
    expect(overdue.map((emi) => emi.emiNumber)).toEqual([17, 18, 19, 20]);
    const events = await t.db
      .select()
      .from(creditEvents)
      .where(eq(creditEvents.loanId, first?.id ?? 0));
    expect(events.filter((event) => event.eventType === 'EMI_BOUNCED')).toHaveLength(1);
    // Paid on their own due dates: on time.
    expect(events.filter((event) => event.eventType === 'EMI_PAID_LATE')).toHaveLength(0);
    const bounced = await t.db
      .select()
      .from(emis)
      .where(and(eq(emis.loanId, first?.id ?? 0), eq(emis.emiNumber, 6)));
    expect(bounced[0]?.bounceStatus).toBe('recovered');
  });
});
