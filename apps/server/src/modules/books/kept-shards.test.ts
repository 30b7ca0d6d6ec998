import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { novemberDay as at, booksTestApp, okBody as ok } from '../../../test/support/books';
import { rowsOf } from '../../db/sql';
import { verifyBooks } from './index';

const { t, cast, api, ...book } = await booksTestApp();

/** Every kept table split into shards, with its key and the figures summed over a key's shards. */
const SHARDED = [
  {
    table: 'ledger_day_totals',
    key: 'business_date, kind',
    sums: ['amount', 'instalment', 'penalty', 'interest_share', 'row_count'],
  },
  { table: 'emi_day_totals', key: 'emi_date', sums: ['open_count', 'open_amount', 'due_count'] },
  {
    table: 'emi_state_totals',
    key: 'emi_date, agent_id, status, open',
    sums: ['emis', 'amount', 'late_charge', 'late_charged'],
  },
  { table: 'emi_bounce_totals', key: 'bounce_status', sums: ['emis', 'amount'] },
  {
    table: 'interest_month_totals',
    key: 'month, loan_status',
    sums: ['loans', 'emis', 'scheduled', 'expected', 'principal', 'interest'],
  },
  { table: 'overdue_loan_days', key: 'oldest_open_emi_date', sums: ['loans'] },
  { table: 'loan_status_totals', key: 'status', sums: ['loans', 'amount'] },
] as const;

/**
 * Moves half of every kept row's figures into another shard (the shard plus 100, which no
 * connection writes), as if another connection had counted them: every key's sum stays the same.
 */
const splitEveryKeptRow = async () => {
  for (const { table, key, sums } of SHARDED) {
    const halves = sums.map((column) => `${column} / 2`).join(', ');
    await t.db.execute(
      sql.raw(`insert into ${table} (${key}, shard, ${sums.join(', ')})
        select ${key}, shard + 100, ${halves} from ${table} where shard < 100`),
    );
    const rests = sums.map((column) => `${column} = ${column} - ${column} / 2`).join(', ');
    await t.db.execute(sql.raw(`update ${table} set ${rests} where shard < 100`));
  }
};

/** How many kept rows hold figures in more than one shard of their key. */
const keysInSeveralShards = async () => {
  let keys = 0;
  for (const { table, key } of SHARDED) {
    const [row] = rowsOf<{ keys: string }>(
      await t.db.execute(
        sql.raw(`select count(*)::text as keys from (select ${key} from ${table} group by ${key}
          having count(*) > 1) several`),
      ),
    );
    keys += Number(row?.keys);
  }
  return keys;
};

/** What the screens that read the sharded tables answer, as the superadmin (who sees every one) sees them. */
const answers = async () => {
  const urls = [
    '/api/loans/emis/due',
    '/api/loans/emis/due?date_scope=overdue',
    '/api/loans/bounced-emis',
    '/api/loans',
    '/api/loans?status=closed',
    '/api/loans/admin-dashboard',
    '/api/stats/interest-metrics',
    '/api/loans/dashboard/agent',
  ];
  const bodies: Record<string, unknown> = {};
  for (const url of urls) {
    const response = await api.get(cast.superadmin, url);
    expect(response.statusCode, url).toBe(200);
    // When the dashboard's money was brought up to date differs from call to call; the figures do not.
    const { as_of: _asOf, ...body } = response.json();
    bodies[url] = body;
  }
  return bodies;
};

describe('kept figures split over the writing connections’ shards (migration 0044)', () => {
  it('read and verify the same whichever shards hold them, and stay exact as later changes land in another', async () => {
    const edited = await book.threeDaysThenEdit(14);
    t.clock.set(at(20));
    const other = await book.bouncedLoanOfB();
    ok(await api.pay(cast.agentB.headers, other.id, 2, { payment_mode: 'upi' }));
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    const before = await answers();

    await splitEveryKeptRow();
    expect(await keysInSeveralShards()).toBeGreaterThan(20);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    expect(await answers()).toEqual(before);

    // Closing a loan takes its counts away in this connection's shard, where they were never added.
    const pending = rowsOf<{ emi_number: number }>(
      await t.db.execute(
        sql`select emi_number from emis where loan_id = ${edited.id} and status = 'pending' order by emi_number`,
      ),
    );
    expect(pending.length).toBeGreaterThan(0);
    for (const { emi_number } of pending) ok(await api.pay(cast.admin.headers, edited.id, emi_number, {}));
    const [loan] = rowsOf<{ status: string }>(
      await t.db.execute(sql`select status from loans where id = ${edited.id}`),
    );
    expect(loan?.status).toBe('closed');
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);

    // A count in the wrong shard's row is still found: the sums differ from the rows.
    await t.db.execute(
      sql`update loan_status_totals set loans = loans + 1 where shard >= 100 and status = 'approved'`,
    );
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual(['loan totals of status approved']);
  });
});
