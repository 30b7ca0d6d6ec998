import { addDays } from '@lending/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { loanTestApp } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';
import { messages, users } from '../../db/schema';
import { closeBusinessDay } from '../classification';

// The close of Saturday 21 Nov 2026 runs at 23:30 that evening.
const D = '2026-11-21';
const { t, cast } = await loanTestApp();
t.clock.set(new Date(`${D}T23:30:00+05:30`));
const run = { jobId: null, startedBy: null, now: t.clock.now };

/** A ₹100-a-day loan of a borrower of its own, its first instalment `daysBeforeD` days before D, none paid. */
const loanStarting = async (daysBeforeD: number) => {
  const customer = await createUser(t.db, { agentId: cast.agentA.user.id });
  const { loan } = await createLoan(t.db, {
    customer,
    perDayEmiPaise: 10_000,
    totalEmiDays: 60,
    loanAmountPaise: 500_000,
    startDate: addDays(D, -daysBeforeD),
  });
  return { loan, customer };
};

const current = await loanStarting(0);
const oneDayLate = await loanStarting(1);
const threeDaysLate = await loanStarting(3);
const weekLate = await loanStarting(7);
// A borrower who agreed to SMS and WhatsApp gets both.
await t.db
  .update(users)
  .set({ messageChannels: ['sms', 'whatsapp'] })
  .where(eq(users.id, current.customer.id));
const loans = [current, oneDayLate, threeDaysLate, weekLate];

const written = (event: string) =>
  t.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.event, event),
        inArray(
          messages.loanId,
          loans.map(({ loan }) => loan.id),
        ),
      ),
    )
    .orderBy(asc(messages.loanId), asc(messages.channel));

describe("the day-end close's messages", () => {
  it('writes nothing for a day long past (a catch-up), whose reminders and notices would mislead', async () => {
    await closeBusinessDay(t.db, addDays(D, -5), run);
    expect(await written('emi_due_tomorrow')).toEqual([]);
    expect(await written('emi_overdue')).toEqual([]);
  });

  it('reminds every open loan of the instalment due the day after next, held for 08:00', async () => {
    expect(await closeBusinessDay(t.db, D, run)).toMatchObject({ reminders: 5 });
    const reminders = await written('emi_due_tomorrow');
    expect(reminders.map((row) => [row.loanId, row.channel])).toEqual([
      [current.loan.id, 'sms'],
      [current.loan.id, 'whatsapp'],
      [oneDayLate.loan.id, 'sms'],
      [threeDaysLate.loan.id, 'sms'],
      [weekLate.loan.id, 'sms'],
    ]);
    for (const reminder of reminders) {
      expect(reminder.status).toBe('queued');
      expect(reminder.dueAt?.toISOString()).toBe(new Date(`${addDays(D, 1)}T08:00:00+05:30`).toISOString());
      expect(reminder.variables).toMatchObject({ due_on: addDays(D, 2), amount_paise: 10_000 });
    }
  });

  it('notices loans exactly 1 or 7 days past due, with their arrears, and not one 3 days late', async () => {
    const notices = await written('emi_overdue');
    // At the close the day's own instalment is unpaid too: a day late owes two, a week late eight.
    expect(
      notices.map((row) => [row.loanId, row.variables.days_overdue, row.variables.amount_paise]),
    ).toEqual([
      [oneDayLate.loan.id, 1, 20_000],
      [weekLate.loan.id, 7, 80_000],
    ]);
  });

  it('writes nothing new when the day is closed again', async () => {
    expect(await closeBusinessDay(t.db, D, run)).toMatchObject({ reminders: 0, notices: 0 });
    expect(await written('emi_due_tomorrow')).toHaveLength(5);
  });
});
