import { foreclose } from '@lending/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emiApi, loanCast } from '../../../test/support/emi-api';
import { applyToLoan, createLoan } from '../../../test/support/loans';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { rowsOf } from '../../db/sql';
import { catchUpEveryFigure, catchUpFully, projectionOf } from '../read-model';
import { type LoanVerdict, verifyBooks } from './index';

let t: TestApp;
const ids: Record<'busy' | 'foreclosed' | 'fresh' | 'unapproved', number> = {
  busy: 0,
  foreclosed: 0,
  fresh: 0,
  unapproved: 0,
};

/** The differing loans of a run as [loan id, failed checks]. */
const differing = async () => {
  const report = await verifyBooks(t.db);
  return report.differing.map((v) => [v.loan.id, v.findings.map((f) => f.check)]);
};

beforeAll(async () => {
  t = await createTestApp();
  const cast = await loanCast(t);
  const api = emiApi(t);
  const admin = cast.admin.headers;

  // A loan through the EMI calls: full, bounce, the bounce recovered, partial, emi_only, a waiver.
  const busy = (await createLoan(t.db, { customer: cast.customerA })).loan;
  const calls = [
    () => api.pay(admin, busy.id, 1, { payment_type: 'full', payment_mode: 'upi' }),
    () => api.bounce(admin, busy.id, 2, { late_charges: 50, reason: 'Insufficient funds' }),
    () => api.pay(admin, busy.id, 2, { payment_type: 'full' }),
    () => api.pay(admin, busy.id, 3, { payment_type: 'partial', payment_amount: 100 }),
    () => api.pay(admin, busy.id, 4, { payment_type: 'emi_only' }),
    () => api.clearAll(admin, busy.id, { amount: 22 }),
  ];
  // One at a time, in order: each call depends on the one before.
  for (const call of calls) expect((await call()).statusCode).toBe(200);

  const foreclosed = (await createLoan(t.db, { customer: cast.customerB, totalEmiDays: 10 })).loan;
  await applyToLoan(t.db, foreclosed.id, (state) => foreclose(state, { type: 'settlement', amount: 50_000 }));
  const fresh = (await createLoan(t.db, { customer: cast.customerA })).loan;
  const unapproved = (await createLoan(t.db, { customer: cast.customerB, status: 'processing' })).loan;
  Object.assign(ids, {
    busy: busy.id,
    foreclosed: foreclosed.id,
    fresh: fresh.id,
    unapproved: unapproved.id,
  });
});
afterAll(() => t.close());

describe('verifyBooks', () => {
  it('finds the books of loans kept by the services balanced', async () => {
    const report = await verifyBooks(t.db);
    expect(report).toMatchObject({
      loansChecked: 4,
      loansDiffering: 0,
      differing: [],
      dayTotalsDiffering: [],
    });
    expect(report.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('finds the day totals the triggers keep equal to the rows, and names a day changed behind their back', async () => {
    // The ledger's day totals are a projector's: brought up to date first, as a reader would.
    await catchUpFully(t.db, projectionOf('ledger-day-totals'));
    const [collected] = rowsOf<{ day: string }>(
      await t.db.execute(
        sql`select business_date::text as day from ledger_day_totals where kind = 'collected' limit 1`,
      ),
    );
    expect(collected).toBeDefined();
    await t.db.execute(
      sql`update ledger_day_totals set amount = amount + 1 where kind = 'collected' and business_date = ${collected?.day}::date`,
    );
    await t.db.execute(
      sql`update emi_day_totals set open_count = open_count + 1 where emi_date = '2026-11-25'`,
    );
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([
      `ledger ${collected?.day} collected`,
      'emis 2026-11-25',
    ]);
    await t.db.execute(
      sql`update ledger_day_totals set amount = amount - 1 where kind = 'collected' and business_date = ${collected?.day}::date`,
    );
    await t.db.execute(
      sql`update emi_day_totals set open_count = open_count - 1 where emi_date = '2026-11-25'`,
    );
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    // A loan's date is checked once the projector has taken its EMI changes (until then it trails).
    await catchUpEveryFigure(t.db);
    const [loan] = rowsOf<{ loan_code: string }>(
      await t.db.execute(
        sql`update loans set oldest_open_emi_date = '2000-01-01' where id = ${ids.fresh} returning loan_code`,
      ),
    );
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([
      `oldest open EMI date of ${loan?.loan_code}`,
    ]);
    await t.db.execute(sql`select loan_oldest_open_refresh(${ids.fresh})`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    const [month] = rowsOf<{ month: string }>(
      await t.db.execute(
        sql`update emi_month_loan_totals set scheduled = scheduled + 1
          where loan_id = ${ids.fresh} and month = (select min(month) from emi_month_loan_totals where loan_id = ${ids.fresh})
          returning to_char(month, 'YYYY-MM') as month`,
      ),
    );
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([
      `scheduled EMIs of ${loan?.loan_code} in ${month?.month}`,
    ]);
    await t.db.execute(sql`select rebuild_day_totals()`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    const [kept] = rowsOf<{ month: string; loan_status: string }>(
      await t.db.execute(
        sql`update interest_month_totals set expected = expected + 1
          where (month, loan_status, shard) = (select month, loan_status, shard from interest_month_totals limit 1)
          returning to_char(month, 'YYYY-MM') as month, loan_status`,
      ),
    );
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([
      `expected interest of ${kept?.loan_status} loans in ${kept?.month}`,
    ]);
    await t.db.execute(sql`select rebuild_day_totals()`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    // The records of ledger rows are a projector's: brought up to date first, as the report would.
    await catchUpEveryFigure(t.db);
    const [record] = rowsOf<{ day: string; collector_id: number }>(
      await t.db.execute(
        sql`update collection_records set interest_share = interest_share + 1
          where (src, group_key) = (select src, group_key from collection_records where src = 1 limit 1)
          returning day::text as day, collector_id`,
      ),
    );
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([
      `collection records ${record?.day} of collector ${record?.collector_id}`,
    ]);
    await t.db.execute(sql`select rebuild_collection_records()`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
  });

  it('reads loans in batches by id, each loan once, however small the batches', async () => {
    const seen: LoanVerdict[] = [];
    // 100-EMI loans against a 150-EMI budget: one loan per batch, the 10-EMI loan sharing one.
    const report = await verifyBooks(t.db, { batchLoans: 3, batchEmis: 150, onLoan: (v) => seen.push(v) });
    expect(report.loansChecked).toBe(4);
    expect(seen.map((v) => v.loan.id)).toEqual(Object.values(ids).sort((a, b) => a - b));
    expect(seen.every((v) => v.findings.length === 0)).toBe(true);
  });

  it('reports a pending EMI marked paid with no ledger row, and only that loan', async () => {
    await t.db.execute(sql`
      update emis set status = 'paid', payment_type = 'full', payment_date = '2026-11-25'
      where loan_id = ${ids.fresh} and emi_number = 5`);
    const report = await verifyBooks(t.db);
    expect(report.loansDiffering).toBe(1);
    const [verdict] = report.differing;
    expect(verdict?.loan).toMatchObject({ id: ids.fresh, loanCode: expect.stringMatching(/^LN\d{6}$/) });
    expect(verdict?.findings.map((f) => f.check)).toEqual(['schedule identity', 'EMI rows']);
    expect(verdict?.findings[1]?.detail.differences).toEqual([
      { emi_number: 5, what: 'collected on a paid full EMI (instalment)', expected: 0, actual: 12_000 },
    ]);
    await t.db.execute(sql`
      update emis set status = 'pending', payment_type = null, payment_date = null
      where loan_id = ${ids.fresh} and emi_number = 5`);
    expect(await differing()).toEqual([]);
  });

  it("reports a settled EMI's late charge changed, which only the EMI rows check sees", async () => {
    await t.db.execute(
      sql`update emis set late_charge = 3000 where loan_id = ${ids.busy} and emi_number = 1`,
    );
    const report = await verifyBooks(t.db);
    expect(report.differing.map((v) => [v.loan.id, v.findings.map((f) => f.check)])).toEqual([
      [ids.busy, ['EMI rows']],
    ]);
    expect(report.differing[0]?.findings[0]?.detail.differences).toContainEqual({
      emi_number: 1,
      what: 'late charge',
      expected: 0,
      actual: 3000,
    });
    await t.db.execute(sql`update emis set late_charge = 0 where loan_id = ${ids.busy} and emi_number = 1`);
    expect(await differing()).toEqual([]);
  });

  it('reports an amount changed on a foreclosed EMI', async () => {
    await t.db.execute(
      sql`update emis set amount = amount + 1 where loan_id = ${ids.foreclosed} and emi_number = 10`,
    );
    expect(await differing()).toEqual([[ids.foreclosed, ['EMI rows']]]);
    await t.db.execute(
      sql`update emis set amount = amount - 1 where loan_id = ${ids.foreclosed} and emi_number = 10`,
    );
    expect(await differing()).toEqual([]);
  });

  // Ledger rows cannot be updated or deleted, so these come last and stay.
  it('reports an unbalanced charge row and a reversed collection', async () => {
    await t.db.execute(sql`
      insert into loan_ledger (loan_id, kind, cause, emi_number, amount, instalment, penalty)
      values (${ids.unapproved}, 'charge', 'bounce_charge', 3, 1000, 0, 1000)`);
    await t.db.execute(sql`
      insert into loan_ledger (loan_id, kind, cause, emi_number, reverses, amount, instalment, penalty)
      values (${ids.busy}, 'reversal', 'payment', 1, 'collected', 12000, 12000, 0)`);
    const report = await verifyBooks(t.db);
    expect(report.loansChecked).toBe(4);
    expect(report.differing.map((v) => [v.loan.id, v.findings.map((f) => f.check)])).toEqual([
      [ids.busy, ['schedule identity', 'EMI rows', 'cash identity']],
      [ids.unapproved, ['schedule identity', 'EMI rows']],
    ]);
    const cash = report.differing[0]?.findings[2]?.detail;
    expect(cash?.differences).toEqual([
      {
        emi_number: null,
        what: 'money received, never reversed (collected and opening rows less their reversals)',
        expected: 12_000 + 17_000 + 10_000 + 12_000,
        actual: 17_000 + 10_000 + 12_000,
      },
    ]);
  });
});
