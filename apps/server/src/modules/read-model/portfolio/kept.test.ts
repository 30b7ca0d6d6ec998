import { addDays, type IsoDate } from '@lending/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLoan } from '../../../../test/support/loans';
import { agentSums, buildPortfolioBook } from '../../../../test/support/portfolio-book';
import type { Db } from '../../../db/client';
import { catchUpEveryFigure } from '../projector/service';
import { portfolioTotalsMismatches } from './check-repository';
import { portfolioFigures } from './figures';
import { keptBookToday, keptCollected, keptDated, keptMismatches, rowsDatedAfter } from './kept-repository';
import { type BookRow, collectedByAgent, datedInstalmentsByAgent, riskByAgentAndBucket } from './repository';

/**
 * Today's figures from the kept rows (`kept-repository.ts`) against their definition (`repository.ts`,
 * which reads the ledger row by row), at the end of every day of the known book, as that day's today:
 * the same to the paisa, and the kept rows the same as their recomputation.
 */
const sortedBook = (rows: readonly BookRow[]) =>
  rows
    .map(({ agentId, bucket, loans, outstanding }) => ({ agentId, bucket, loans, outstanding }))
    .sort((a, b) => `${a.agentId} ${a.bucket}`.localeCompare(`${b.agentId} ${b.bucket}`));

/** What differs between the kept figures and the definition at the end of `today`, one line each. */
const differences = async (db: Db, first: IsoDate, today: IsoDate): Promise<string[]> => {
  await catchUpEveryFigure(db);
  const found: string[] = [];
  const same = (what: string, kept: unknown, exact: unknown) => {
    if (JSON.stringify(kept) !== JSON.stringify(exact)) {
      found.push(`${today} ${what}: ${JSON.stringify(kept)} ≠ ${JSON.stringify(exact)}`);
    }
  };
  same('book', sortedBook(await keptBookToday(db, today)), sortedBook(await riskByAgentAndBucket(db, today)));
  const book = (await portfolioFigures(db, today).bookOver(today, today)).get(today) ?? [];
  same('book read', sortedBook(book), sortedBook(await riskByAgentAndBucket(db, today)));
  // Today, the book so far, and a week reaching past today (instalments are dated ahead of it).
  for (const [from, through] of [
    [today, today],
    [first, today],
    [addDays(today, -3), addDays(today, 3)],
  ] as const) {
    same(
      `collected ${from}..${through}`,
      agentSums(await keptCollected(db, from, through)),
      agentSums(await collectedByAgent(db, from, through)),
    );
    same(
      `dated ${from}..${through}`,
      agentSums(await keptDated(db, from, through)),
      agentSums(await datedInstalmentsByAgent(db, from, through)),
    );
  }
  found.push(...(await keptMismatches(db)));
  return found;
};

const differingDays: string[] = [];
let daysChecked = 0;
const { t, day, lastDay, loans, cast } = await buildPortfolioBook(async (app) => {
  differingDays.push(...(await differences(app.db, '2026-11-21', app.clock.today())));
  daysChecked += 1;
});
const today = day(lastDay);

describe('today’s portfolio figures from the kept rows', () => {
  it('answer the definition at the end of every day of the known book', () => {
    expect(daysChecked).toBe(lastDay + 1);
    expect(differingDays).toEqual([]);
  });

  it('follow a default, new terms, a borrower or a loan moved to another agent and a loan starting later', async () => {
    await t.db.execute(sql`update loans set status = 'default' where id = ${loans.bounced.id}`);
    expect(await differences(t.db, day(0), today)).toEqual([]);
    await t.db.execute(sql`update loans set loan_amount = loan_amount + 100, per_day_emi = per_day_emi + 100
      where id = ${loans.partial.id}`);
    expect(await differences(t.db, day(0), today)).toEqual([]);
    await t.db.execute(sql`update users set agent_id = ${cast.agentB.user.id} where id =
      (select customer_id from loans where id = ${loans.onTime.id})`);
    await t.db.execute(sql`update users set agent_id = null where id =
      (select customer_id from loans where id = ${loans.late.id})`);
    expect(await differences(t.db, day(0), today)).toEqual([]);
    // A loan with collections given to a borrower of another agent takes its collections along.
    await t.db.execute(sql`update loans set customer_id =
      (select customer_id from loans where id = ${loans.late.id}) where id = ${loans.partial.id}`);
    expect(await differences(t.db, day(0), today)).toEqual([]);
    // Lent today, starting in three days: in no day's book yet, its instalments dated from its start.
    await createLoan(t.db, { agentId: cast.agentA.user.id, startDate: addDays(today, 3) });
    expect(await differences(t.db, day(0), today)).toEqual([]);
    await t.db.execute(sql`update loans set status = 'closed' where id = ${loans.unpaid.id}`);
    await t.db.execute(sql`update loans set status = 'approved' where id = ${loans.unpaid.id}`);
    expect(await differences(t.db, day(0), today)).toEqual([]);
  });

  it('stand aside for the definition while a row is dated after today, and are found by the books check', async () => {
    // A moved clock wrote a payment dated tomorrow: the kept rows hold it, today must not.
    await t.db.execute(sql`insert into loan_ledger (loan_id, kind, cause, emi_number, amount, instalment, penalty,
        business_date, interest_share)
      values (${loans.unpaid.id}, 'collected', 'payment', 1, 10000, 10000, 0, ${addDays(today, 1)}::date, 2000)`);
    await catchUpEveryFigure(t.db);
    expect(await rowsDatedAfter(t.db, today)).toBe(true);
    const book = (await portfolioFigures(t.db, today).bookOver(today, today)).get(today) ?? [];
    expect(sortedBook(book)).toEqual(sortedBook(await riskByAgentAndBucket(t.db, today)));
    expect(sortedBook(await keptBookToday(t.db, today))).not.toEqual(sortedBook(book));
    expect(await rowsDatedAfter(t.db, addDays(today, 1))).toBe(false);
    expect(await differences(t.db, day(0), addDays(today, 1))).toEqual([]);

    await t.db.execute(sql`update portfolio_due_groups set loans = loans + 1
      where agent_key = ${cast.agentA.user.id} and due_day = (select min(due_day) from portfolio_due_groups
        where agent_key = ${cast.agentA.user.id})`);
    await t.db.execute(sql`update portfolio_agent_days set collected = collected + 1
      where business_date = ${day(40)}::date and agent_key = ${cast.agentA.user.id}`);
    expect(await portfolioTotalsMismatches(t.db)).toEqual([
      `portfolio due groups of agent ${cast.agentA.user.id}`,
      `portfolio agent day ${day(40)}`,
    ]);
    await t.db.execute(sql`select rebuild_portfolio_kept()`);
    expect(await portfolioTotalsMismatches(t.db)).toEqual([]);
    expect(await differences(t.db, day(0), addDays(today, 1))).toEqual([]);
  });
});
