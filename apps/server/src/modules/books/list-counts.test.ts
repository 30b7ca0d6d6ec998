import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { novemberDay as at, booksTestApp, okBody as ok } from '../../../test/support/books';
import { createUser } from '../../../test/support/factories';
import { createLoan } from '../../../test/support/loans';
import { rowsOf } from '../../db/sql';
import { catchUpEveryFigure, keptFigureMismatches } from '../read-model';
import { verifyBooks } from './index';

const { t, cast, api, ...book } = await booksTestApp();

/** The non-zero rows of a kept table, in a fixed order (a row whose rows all went away holds zeros). */
const kept = async (table: 'user_role_counts' | 'overdue_loan_days' | 'collection_day_totals') => {
  await catchUpEveryFigure(t.db);
  const order = {
    user_role_counts: sql`role_id`,
    overdue_loan_days: sql`oldest_open_emi_date`,
    collection_day_totals: sql`day, collector_id, src, status, record_type`,
  }[table];
  const nonZero = table === 'user_role_counts' ? sql`users <> 0` : sql`records <> 0`;
  // Overdue loans land in the shard of the connection that counted them: compared with shards summed.
  if (table === 'overdue_loan_days') {
    return rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`select oldest_open_emi_date::text as day, sum(loans)::text as loans
        from overdue_loan_days group by 1 having sum(loans) <> 0 order by 1`),
    );
  }
  return rowsOf<Record<string, unknown>>(
    await t.db.execute(sql`select * from ${sql.raw(table)} where ${nonZero} order by ${order}`),
  );
};

/** A book that moves every kept count: users joining, changing role and leaving; payments, bounces, rewrites, refunds. */
const buildBook = async () => {
  const loan = await book.threeDaysThenEdit(17);
  await book.closedWithCreditLeft('2026-11-20');
  t.clock.set(at(21));
  ok(await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }));
  const other = await book.bouncedLoanOfB();
  ok(await api.pay(cast.agentB.headers, other.id, 2, { payment_mode: 'upi' }));
  await book.holdConflictCash(other.id);
  await t.db.execute(sql`update loans set customer_id = ${cast.customerB.id} where id = ${loan.id}`);
  await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-10', status: 'processing' });
  const promoted = await createUser(t.db);
  await t.db.execute(
    sql`update users set role_id = (select id from roles where name = 'agent') where id = ${promoted.id}`,
  );
  const leaving = await createUser(t.db);
  await t.db.execute(sql`delete from users where id = ${leaving.id}`);
  return { loan, other };
};

describe('the lists’ kept counts (migration 0042_list_counts)', () => {
  it('equal the counts recomputed from the users, loans and collection records, and verify checks them', async () => {
    await buildBook();
    expect(await keptFigureMismatches(t.db)).toEqual([]);
    const before = {
      users: await kept('user_role_counts'),
      overdue: await kept('overdue_loan_days'),
      collections: await kept('collection_day_totals'),
    };
    expect(before.collections.length).toBeGreaterThan(0);
    expect(before.overdue.length).toBeGreaterThan(0);
    await t.db.execute(sql`select rebuild_user_role_counts()`);
    await t.db.execute(sql`select rebuild_overdue_loan_days()`);
    await t.db.execute(sql`select rebuild_collection_day_totals()`);
    expect({
      users: await kept('user_role_counts'),
      overdue: await kept('overdue_loan_days'),
      collections: await kept('collection_day_totals'),
    }).toEqual(before);

    const [day] = rowsOf<{ day: string; collector_id: number }>(
      await t.db.execute(sql`update collection_day_totals set amount = amount + 1
        where (day, collector_id, src) = (select day, collector_id, src from collection_day_totals limit 1)
        returning day::text as day, collector_id`),
    );
    const [role] = rowsOf<{ role_id: number }>(
      await t.db.execute(sql`update user_role_counts set users = users + 1
        where role_id = (select min(role_id) from user_role_counts) returning role_id`),
    );
    const [overdue] = rowsOf<{ day: string }>(
      await t.db.execute(sql`update overdue_loan_days set loans = loans - 1
        where (oldest_open_emi_date, shard) = (select oldest_open_emi_date, shard from overdue_loan_days where loans > 0 limit 1)
        returning oldest_open_emi_date::text as day`),
    );
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([
      `user count of role ${role?.role_id}`,
      `overdue loans of ${overdue?.day}`,
      `collection totals ${day?.day} of collector ${day?.collector_id}`,
    ]);
    await t.db.execute(sql`select rebuild_user_role_counts()`);
    await t.db.execute(sql`select rebuild_overdue_loan_days()`);
    await t.db.execute(sql`select rebuild_collection_day_totals()`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
  });

  it('answer the users list and the agent dashboard the same totals as counting the rows', async () => {
    const users = ok(await api.get(cast.admin.headers, '/api/users?page=1'));
    const [all] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from users`));
    expect(users.total).toBe(all?.n);
    const agents = ok(await api.get(cast.admin.headers, '/api/users?role=agent'));
    const [agentCount] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from users u join roles r on r.id = u.role_id where r.name = 'agent'`,
      ),
    );
    expect(agents.total).toBe(agentCount?.n);

    const dashboard = ok(await api.get(cast.admin.headers, '/api/loans/dashboard/agent'));
    const [overdue] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from loans
        where status = 'approved' and oldest_open_emi_date < ${t.clock.today()}::date`),
    );
    expect(overdue?.n).toBeGreaterThan(0);
    expect(dashboard.overdueLoans).toBe(overdue?.n);
  });
});
