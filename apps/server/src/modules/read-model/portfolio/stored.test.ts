import { addDays, type IsoDate } from '@lending/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentSums, buildPortfolioBook } from '../../../../test/support/portfolio-book';
import { rowsOf } from '../../../db/sql';
import { verifyBooks } from '../../books';
import { catchUpEveryFigure } from '../projector/service';
import { portfolioTotalsMismatches } from './check-repository';
import { STORED_DAYS, storeClosedDays } from './figures';
import { collectedByAgent, datedInstalmentsByAgent, type RiskRow, riskByAgentAndBucket } from './repository';
import { riskOverDaysByAgentAndBucket, storedCollected, storedDays, storedRisk } from './stored-repository';

/**
 * The maintained figures against their definition (`repository.ts`, which reads the ledger row by
 * row) on the known book, every day of it: they must be the same to the paisa, whatever happened since.
 */
const storedBefore: number[] = [];
const { t, day, lastDay, loans, cast } = await buildPortfolioBook(async (app) => {
  // What was stored must survive the day's payments, bounce and foreclosure (all dated today).
  const today = app.clock.today();
  storedBefore.push((await storedDays(app.db, addDays(today, -STORED_DAYS - 1), addDays(today, -2))).size);
  await storeClosedDays(app.db, app.clock.today());
});
const today = day(lastDay);

const sorted = (rows: readonly RiskRow[]) =>
  rows
    .map(({ agentId, bucket, loans: n, outstanding, arrears }) => ({
      agentId,
      bucket,
      loans: n,
      outstanding,
      arrears,
    }))
    .sort((a, b) => `${a.agentId} ${a.bucket}`.localeCompare(`${b.agentId} ${b.bucket}`));

const byDay = async (from: IsoDate, through: IsoDate) => {
  const days = new Map<IsoDate, RiskRow[]>();
  for (const row of await riskOverDaysByAgentAndBucket(t.db, from, through)) {
    days.set(row.day, [...(days.get(row.day) ?? []), row]);
  }
  return days;
};

/** Every day from day 0 to today: the maintained totals (and the stored day, when stored) = the definition. */
const expectEveryDayExact = async () => {
  await catchUpEveryFigure(t.db);
  const computed = await byDay(day(0), today);
  const stored = await storedDays(t.db, day(0), today);
  const storedRows = await storedRisk(t.db, day(0), today);
  for (let d = 0; d <= lastDay; d += 1) {
    const exact = sorted(await riskByAgentAndBucket(t.db, day(d)));
    expect(sorted(computed.get(day(d)) ?? []), day(d)).toEqual(exact);
    if (stored.has(day(d))) expect(sorted(storedRows.filter((r) => r.day === day(d))), day(d)).toEqual(exact);
  }
};

describe('the maintained portfolio figures', () => {
  it('keep every closed day stored through the payments, the bounce and the foreclosure', async () => {
    // Before each day's run: the 90 days the run of the day before stored (days before the book too).
    expect(storedBefore).toEqual([0, ...Array.from({ length: lastDay }, () => STORED_DAYS)]);
    // A day once stored stays until a change deletes it, beyond the 90 too.
    expect([...(await storedDays(t.db, day(0), today))].sort()).toEqual(
      Array.from({ length: lastDay }, (_, i) => day(i)),
    );
  });

  it('answer every day of the book as the definition does, computed or stored', async () => {
    await expectEveryDayExact();
  });

  it('answer each week’s collections and instalments dated as the definition does', async () => {
    for (let d = 7; d + 6 < lastDay; d += 7) {
      const [from, through] = [day(d), day(d + 6)];
      expect(agentSums(await storedCollected(t.db, from, through))).toEqual(
        agentSums(await collectedByAgent(t.db, from, through)),
      );
      expect(agentSums(await datedInstalmentsByAgent(t.db, from, through, true))).toEqual(
        agentSums(await datedInstalmentsByAgent(t.db, from, through)),
      );
    }
  });

  it('agree with the books check, which finds a stored day or a loan total that differs', async () => {
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    await t.db.execute(sql`update loan_money_totals set paid = paid + 1 where loan_id = ${loans.late.id}`);
    const [late] = rowsOf<{ loan_code: string }>(
      await t.db.execute(sql`select loan_code from loans where id = ${loans.late.id}`),
    );
    expect((await portfolioTotalsMismatches(t.db))[0]).toBe(`portfolio totals of ${late?.loan_code}`);
    await t.db.execute(sql`select loan_money_refresh(${loans.late.id})`);
    expect(await portfolioTotalsMismatches(t.db)).toEqual([]);
    await t.db.execute(sql`update portfolio_day_risk set outstanding = outstanding + 1
      where business_date = ${day(50)}::date and bucket = (select min(bucket) from portfolio_day_risk
        where business_date = ${day(50)}::date)`);
    await t.db.execute(sql`update portfolio_day_collected set collected = collected + 1
      where business_date = ${day(60)}::date and agent_key = ${cast.agentA.user.id}`);
    expect(await portfolioTotalsMismatches(t.db)).toEqual([
      `portfolio day ${day(50)}`,
      `portfolio day ${day(60)}`,
    ]);
    await t.db.execute(
      sql`delete from portfolio_days where business_date in (${day(50)}::date, ${day(60)}::date)`,
    );
    await storeClosedDays(t.db, today);
    expect(await portfolioTotalsMismatches(t.db)).toEqual([]);
  });

  it('forget the stored days a change alters, and answer them again exactly', async () => {
    const stored = async () =>
      [...(await storedDays(t.db, addDays(today, -STORED_DAYS), addDays(today, -1)))].sort();
    const all = await stored();
    // A defaulted loan leaves the book on its last money day: the bounced loan's was day 9.
    await t.db.execute(sql`update loans set status = 'default' where id = ${loans.bounced.id}`);
    expect(await stored()).toEqual(all.filter((d) => d < day(9)));
    await expectEveryDayExact();
    await storeClosedDays(t.db, today);
    // A row dated on a stored day (as a moved clock would write): that day and the ones after it.
    await t.db.execute(sql`insert into loan_ledger (loan_id, kind, cause, emi_number, amount, instalment, penalty,
        business_date, interest_share)
      values (${loans.unpaid.id}, 'collected', 'payment', 1, 10000, 10000, 0, ${day(60)}::date, 2000)`);
    // The projector folds the row in and forgets the days it changes.
    await catchUpEveryFigure(t.db);
    expect(await stored()).toEqual(all.filter((d) => d < day(60)));
    await expectEveryDayExact();
    await storeClosedDays(t.db, today);
    // New terms from the loan's start; another agent for a borrower with a lent loan: every day.
    await t.db.execute(sql`update loans set loan_amount = loan_amount + 100 where id = ${loans.partial.id}`);
    expect(await stored()).toEqual([]);
    await storeClosedDays(t.db, today);
    expect(await stored()).toEqual(all);
    await t.db.execute(sql`update users set agent_id = ${cast.agentB.user.id} where id =
      (select customer_id from loans where id = ${loans.onTime.id})`);
    expect(await stored()).toEqual([]);
    await storeClosedDays(t.db, today);
    await expectEveryDayExact();
    expect(await portfolioTotalsMismatches(t.db)).toEqual([]);
  });
});
