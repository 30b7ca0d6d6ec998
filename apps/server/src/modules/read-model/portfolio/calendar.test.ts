import {
  addDays,
  collectionDates,
  type IsoDate,
  loanRiskAsOf,
  type OffDaysMask,
  offDaysOf,
} from '@lending/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/support/factories';
import { createLoan } from '../../../../test/support/loans';
import { agentSums } from '../../../../test/support/portfolio-book';
import { openTestDatabase } from '../../../../test/support/test-app';
import { rowsOf } from '../../../db/sql';
import { catchUpEveryFigure } from '../projector/service';
import { portfolioTotalsMismatches } from './check-repository';
import { STORED_DAYS, storeClosedDays } from './figures';
import { keptBookToday, keptDated, keptMismatches } from './kept-repository';
import { type BookRow, datedInstalmentsByAgent, riskByAgentAndBucket } from './repository';
import { loanRiskOnDay, riskOverDaysByAgentAndBucket, storedDays, storedRisk } from './stored-repository';

/**
 * The portfolio of loans on a collection calendar, on a real database: each loan's arrears and days
 * overdue as the domain's rules give them, today's kept figures as their definition and as their
 * recomputation, every day of the book, through a holiday declared ahead and one declared late.
 * Every loan lends ₹800 for ₹100 a day over 10 instalments from Saturday 21 November 2026.
 */
const { database, drop } = await openTestDatabase();
afterAll(drop);
const db = database.db;
const DAY0 = '2026-11-21';
const day = (n: number) => addDays(DAY0, n);
const terms = { perDayEmiPaise: 10_000, totalEmiDays: 10, loanAmountPaise: 80_000, startDate: DAY0 };

const agentA = await createUser(db, { role: 'agent' });
const agentB = await createUser(db, { role: 'agent' });
const lend = async (agentId: number) => (await createLoan(db, { ...terms, agentId })).loan.id;

/** A loan's calendar as the loans table keeps it, with the dates of its open EMIs and its end following it. */
const setCalendar = async (loanId: number, mask: OffDaysMask, skipped: readonly IsoDate[]) => {
  const days = sql`${`{${skipped.join(',')}}`}::date[]`;
  await db.execute(sql`update loans set off_days = ${mask}, skipped_days = ${days},
      end_date = calendar_emi_day(start_date, ${mask}, ${days}, total_emi_days)
    where id = ${loanId}`);
  await db.execute(sql`update emis e set emi_date = calendar_emi_day(l.start_date, l.off_days, l.skipped_days, e.emi_number)
    from loans l where l.id = e.loan_id and l.id = ${loanId} and e.status = 'pending'`);
};

// Monday to Saturday, moved onto its calendar after it was lent (an update of the loan's row).
const weekdays = await lend(agentA.id);
await setCalendar(weekdays, 1, []);
// Monday to Saturday from the start: a loan inserted with its calendar (the statement's trigger).
const [copied] = rowsOf<{ id: number }>(
  await db.execute(sql`insert into loans (loan_number, loan_code, customer_id, loan_amount, per_day_emi,
      total_emi_days, total_repayable, interest_amount, start_date, end_date, status, off_days, skipped_days)
    select n, 'LN' || lpad(n::text, 6, '0'), c.id, l.loan_amount, l.per_day_emi, l.total_emi_days, l.total_repayable,
      l.interest_amount, l.start_date, l.end_date, 'approved', l.off_days, l.skipped_days
    from loans l, nextval('loan_number_seq') n, users c
    where l.id = ${weekdays} and c.id = ${(await createUser(db, { agentId: agentB.id })).id} returning id`),
);
// Every day but Wednesday 25 November, a holiday; and a loan collected every day.
const holiday = await lend(agentA.id);
await setCalendar(holiday, 0, ['2026-11-25']);
const everyDay = await lend(agentB.id);
if (!copied) throw new Error('the copied loan was not inserted');
const book = [weekdays, copied.id, holiday, everyDay];

/** Each loan's calendar and payments as the test made them, for the domain's rules. */
const loanTerms = async (loanId: number) => {
  const [row] = rowsOf<{ off_days: number; skipped: string[]; agent_id: number }>(
    await db.execute(sql`select l.off_days, array(select s::text from unnest(l.skipped_days) s) as skipped, c.agent_id
      from loans l join users c on c.id = l.customer_id where l.id = ${loanId}`),
  );
  if (!row) throw new Error(`no loan ${loanId}`);
  return {
    agentId: Number(row.agent_id),
    startDate: DAY0,
    totalEmiDays: terms.totalEmiDays,
    calendar: { offDays: offDaysOf(row.off_days), holidays: new Set(row.skipped) },
  };
};
const paid = new Map<number, { day: IsoDate; amount: number }[]>(book.map((id) => [id, []]));
const pay = async (loanId: number, on: IsoDate, emis = 1) => {
  await db.execute(sql`insert into loan_ledger (loan_id, kind, cause, emi_number, amount, instalment, penalty,
      business_date, interest_share)
    values (${loanId}, 'collected', 'payment', 1, ${emis * 10_000}, ${emis * 10_000}, 0, ${on}::date, ${emis * 2_000})`);
  paid.get(loanId)?.push({ day: on, amount: emis * 10_000 });
};

const sortedBook = (rows: readonly BookRow[]) =>
  rows
    .map(({ agentId, bucket, loans, outstanding }) => ({ agentId, bucket, loans, outstanding }))
    .sort((a, b) => `${a.agentId} ${a.bucket}`.localeCompare(`${b.agentId} ${b.bucket}`));

/** What differs at the end of `today` between the SQL's figures, the domain's rules and the kept rows. */
const differences = async (today: IsoDate): Promise<string[]> => {
  await catchUpEveryFigure(db);
  const found: string[] = [];
  const same = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      found.push(`${today} ${what}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
  };
  const dated: Record<string, number> = {};
  for (const row of await loanRiskOnDay(db, today)) {
    const loan = await loanTerms(row.loanId);
    const money = (paid.get(row.loanId) ?? [])
      .filter((p) => p.day <= today)
      .reduce((s, p) => s + p.amount, 0);
    const risk = loanRiskAsOf(
      {
        ...loan,
        perDayEmi: 10_000,
        loanAmount: 80_000,
        instalmentPaid: money,
        principalRecovered: money * 0.8,
      },
      today,
    );
    same(
      `loan ${row.loanId}`,
      [row.arrears, row.daysOverdue, row.outstanding],
      [risk.arrears, risk.daysOverdue, risk.outstandingPrincipal],
    );
    if (collectionDates(DAY0, terms.totalEmiDays, loan.calendar).includes(today))
      dated[loan.agentId] = (dated[loan.agentId] ?? 0) + 10_000;
  }
  same('book', sortedBook(await keptBookToday(db, today)), sortedBook(await riskByAgentAndBucket(db, today)));
  const keptToday = agentSums(await keptDated(db, today, today));
  same('dated today', keptToday, dated);
  same('dated today by definition', keptToday, agentSums(await datedInstalmentsByAgent(db, today, today)));
  // The book so far and two weeks ahead (instalments are dated ahead of today).
  const ahead = addDays(today, 14);
  const definedAhead = agentSums(await datedInstalmentsByAgent(db, DAY0, ahead));
  same('dated ahead', agentSums(await keptDated(db, DAY0, ahead)), definedAhead);
  found.push(...(await keptMismatches(db)));
  return found;
};

const stored = async (today: IsoDate) =>
  [...(await storedDays(db, addDays(today, -STORED_DAYS), today))].sort();

/** Every stored day, and every day computed from the totals, as the definition answers it. */
const everyDayExact = async (through: IsoDate) => {
  const sorted = (rows: { agentId: number | null; bucket: string; loans: number; arrears: number }[]) =>
    rows.map(({ agentId, bucket, loans, arrears }) => `${agentId} ${bucket} ${loans} ${arrears}`).sort();
  const computed = await riskOverDaysByAgentAndBucket(db, DAY0, through);
  const storedRows = await storedRisk(db, DAY0, through);
  const kept = new Set(await stored(through));
  for (let d = DAY0; d <= through; d = addDays(d, 1)) {
    const exact = sorted(await riskByAgentAndBucket(db, d));
    expect(sorted(computed.filter((r) => r.day === d)), d).toEqual(exact);
    if (kept.has(d)) expect(sorted(storedRows.filter((r) => r.day === d)), d).toEqual(exact);
  }
};

const differing: string[] = [];
const lastDay = 16;
for (let d = 0; d <= lastDay; d += 1) {
  // Monday to Saturday: Saturday's instalment only. Holiday and every day: one a day from day 0 to 3.
  if (d === 0) await pay(weekdays, day(d));
  if (d <= 3) await pay(holiday, day(d));
  if (d <= 3) await pay(everyDay, day(d));
  if (d === 9) await pay(copied.id, day(d), 3);
  if (d === 5) {
    // Thursday: Tuesday 1 December declared a holiday of the two calendar loans of agent A, as the
    // holiday's move writes it (the loan's skipped days and end date in one update).
    const before = await stored(day(d));
    await db.execute(sql`update loans set skipped_days = array_append(skipped_days, '2026-12-01'::date),
        end_date = calendar_emi_day(start_date, off_days, array_append(skipped_days, '2026-12-01'::date), total_emi_days)
      where id in (${weekdays}, ${holiday})`);
    expect(await stored(day(d))).toEqual(before);
  }
  differing.push(...(await differences(day(d))));
  await storeClosedDays(db, day(d));
}
const today = day(lastDay);

describe('the portfolio of loans on a collection calendar', () => {
  it('ages a Monday-to-Saturday loan by its collection days: a Sunday dates no instalment', async () => {
    const onMonday = new Map((await loanRiskOnDay(db, day(2))).map((r) => [r.loanId, r]));
    // Saturday's instalment paid: Monday's, dated today, is the oldest unpaid; nothing is overdue.
    expect(onMonday.get(weekdays)).toMatchObject({ arrears: 10_000, daysOverdue: 0 });
    // Nothing paid: Saturday's instalment is two days overdue on Monday, two instalments in arrears.
    expect(onMonday.get(copied.id)).toMatchObject({ arrears: 20_000, daysOverdue: 2 });
    // Paid to Tuesday: the every-day loan owes Wednesday's; the loan skipping Wednesday, Thursday's.
    const onThursday = new Map((await loanRiskOnDay(db, day(5))).map((r) => [r.loanId, r]));
    expect(onThursday.get(everyDay)).toMatchObject({ arrears: 20_000, daysOverdue: 1 });
    expect(onThursday.get(holiday)).toMatchObject({ arrears: 10_000, daysOverdue: 0 });
  });

  it('keeps its figures as their definition, the domain and their recomputation on every day', () => {
    expect(differing).toEqual([]);
  });

  it('answers stored and computed days exactly, through a holiday declared late', async () => {
    await everyDayExact(addDays(today, -1));
    const all = await stored(today);
    // Tuesday 24 November declared late for the loan inserted on its calendar: stored days from it on go.
    await db.execute(sql`update loans set skipped_days = array_append(skipped_days, '2026-11-24'::date),
        end_date = calendar_emi_day(start_date, off_days, array_append(skipped_days, '2026-11-24'::date), total_emi_days)
      where id = ${copied.id}`);
    expect(await stored(today)).toEqual(all.filter((d) => d < '2026-11-24'));
    expect(await differences(today)).toEqual([]);
    await everyDayExact(addDays(today, -1));
    await storeClosedDays(db, today);
    expect(await portfolioTotalsMismatches(db)).toEqual([]);
  });

  it('stays kept through a borrower moved, a calendar changed and a closed loan paid again', async () => {
    await db.execute(sql`update users set agent_id = ${agentB.id}
      where id = (select customer_id from loans where id = ${weekdays})`);
    expect(await differences(today)).toEqual([]);
    await setCalendar(everyDay, 65, ['2026-11-26']);
    expect(await differences(today)).toEqual([]);
    // A closed loan is dated to its last money day; a late payment moves that day.
    await db.execute(sql`update loans set status = 'closed' where id = ${holiday}`);
    expect(await differences(today)).toEqual([]);
    await pay(holiday, today);
    expect(await differences(today)).toEqual([]);
    await storeClosedDays(db, today);
    expect(await portfolioTotalsMismatches(db)).toEqual([]);
  });
});
