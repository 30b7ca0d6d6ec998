import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openingLoanState, splitRecovery } from '@lending/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { okBody as ok } from '../../../test/support/books';
import { emiTestApp } from '../../../test/support/emi-api';
import { listEmis } from '../../../test/support/loans';
import { MIGRATIONS_DIR } from '../../db/client';
import { auditLogs, type LoanRow, loanLedger, loans } from '../../db/schema';
import { verifyBooks } from '../books';
import { listLedger, toDomainEmi } from '../money';
import { catchUpEveryFigure } from '../read-model';
import { type OpenedLoanInput, writeOpenedLoans } from './index';

// The test clock's today is 2026-11-21: the lender moves in that day.
const { t, cast, api } = await emiTestApp();
const CUT_OVER = '2026-11-21';
const LINK = { importId: 7, fileName: 'old-book.xlsx', cutOverDate: CUT_OVER };

/** A ₹120 × 100 loan from 1 October of agent A's customer, with the position given. */
const input = (rowNumber: number, over: Partial<OpenedLoanInput>): OpenedLoanInput => {
  const base = { emisPaid: 0, carriedDues: 0, partPaid: 0, perDayEmi: 12_000, ...over };
  return {
    rowNumber,
    reference: `OLD-${rowNumber}`,
    customerId: cast.customerA.id,
    agentId: cast.agentA.user.id,
    loanAmount: 1_000_000,
    totalEmiDays: 100,
    startDate: '2026-10-01',
    status: 'approved',
    lateCharges: 0,
    lastPaymentDate: null,
    amountPaid: base.emisPaid * base.perDayEmi - base.carriedDues + base.partPaid,
    ...base,
  };
};

const INPUTS = {
  running: input(2, {
    emisPaid: 40,
    carriedDues: 15_000,
    partPaid: 5_000,
    lateCharges: 3_000,
    lastPaymentDate: '2026-11-18',
  }),
  closed: input(3, {
    startDate: '2026-09-01',
    totalEmiDays: 10,
    loanAmount: 100_000,
    emisPaid: 10,
    status: 'closed',
    lastPaymentDate: '2026-09-10',
  }),
  closedForLess: input(4, { emisPaid: 30, partPaid: 1_000, status: 'closed', customerId: 0 }),
  defaulted: input(5, { emisPaid: 20, lateCharges: 20_000, status: 'default' }),
  notStarted: input(6, { startDate: '2026-12-01' }),
  lastEmiPartPaid: input(7, {
    startDate: '2026-11-12',
    totalEmiDays: 10,
    loanAmount: 100_000,
    emisPaid: 9,
    partPaid: 4_000,
  }),
};

let ids: Record<keyof typeof INPUTS, number>;
let rows: LoanRow[];

beforeAll(async () => {
  const all = Object.values(INPUTS).map((loan) => ({
    ...loan,
    customerId: loan.customerId === 0 ? cast.customerB.id : loan.customerId,
  }));
  const written = await t.db.transaction((tx) =>
    writeOpenedLoans(tx, all, { ...LINK, actorId: cast.admin.user.id, now: t.clock.now() }),
  );
  expect(written.map((w) => w.rowNumber)).toEqual([2, 3, 4, 5, 6, 7]);
  const keys = Object.keys(INPUTS) as (keyof typeof INPUTS)[];
  ids = Object.fromEntries(keys.map((key, index) => [key, written[index]?.loanId ?? 0])) as typeof ids;
  rows = await t.db
    .select()
    .from(loans)
    .where(inArray(loans.id, Object.values(ids)))
    .orderBy(asc(loans.id));
});

const report = async (from: string, to: string) =>
  ok(
    await api.get(
      cast.admin.headers,
      `/api/loans/agent/collection-report?limit=100&startDate=${from}%2000:00:00&endDate=${to}%2023:59:59`,
    ),
  );

describe('loans taken over with their opening position', () => {
  it('stores each loan, its EMIs and its ledger rows exactly as the opening position spreads them', async () => {
    for (const [key, loanId] of Object.entries(ids)) {
      const given = INPUTS[key as keyof typeof INPUTS];
      const expected = openingLoanState(given, given, CUT_OVER);
      const emis = (await listEmis(t.db, loanId)).map(toDomainEmi);
      expect(emis, key).toEqual(expected.state.emis);
      expect(await listLedger(t.db, loanId), key).toEqual(expected.entries);
      expect(rows.find((row) => row.id === loanId)?.status, key).toBe(expected.state.status);
    }
  });

  it('gives each loan what the loan form gives one: number, code, terms, end date, totals, agent', () => {
    const running = rows.find((row) => row.id === ids.running);
    expect(running).toMatchObject({
      loanCode: `LN${String(running?.loanNumber).padStart(6, '0')}`,
      customerId: cast.customerA.id,
      agentId: cast.agentA.user.id,
      createdBy: cast.admin.user.id,
      loanAmount: 1_000_000,
      perDayEmi: 12_000,
      totalEmiDays: 100,
      totalRepayable: 1_200_000,
      interestAmount: 200_000,
      startDate: '2026-10-01',
      endDate: '2027-01-08',
      status: 'approved',
      foreclosureType: null,
    });
    expect(rows.map((row) => row.loanNumber)).toEqual(
      [...rows].map((row) => row.loanNumber).sort((a, b) => a - b),
    );
    expect(rows.find((row) => row.id === ids.closedForLess)?.agentId).toBe(cast.agentB.user.id);
    expect(rows.find((row) => row.id === ids.notStarted)?.status).toBe('approved');
  });

  it('links every ledger row to its loan’s audit row, on the cut-over day, by the importing admin', async () => {
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'loan_imported'));
    expect(audit).toHaveLength(6);
    const ofRunning = audit.find((row) => row.resourceId === String(ids.running));
    expect(ofRunning).toMatchObject({ userId: cast.admin.user.id, resourceType: 'loan' });
    expect(ofRunning?.metadata).toMatchObject({
      import_id: 7,
      file_name: 'old-book.xlsx',
      row: 2,
      reference: 'OLD-2',
      loan_code: rows.find((row) => row.id === ids.running)?.loanCode,
    });
    const ledger = await t.db.select().from(loanLedger).where(eq(loanLedger.loanId, ids.running));
    expect(new Set(ledger.map((row) => row.auditId))).toEqual(new Set([ofRunning?.id]));
    expect(new Set(ledger.map((row) => `${row.businessDate} ${row.actorId} ${row.paymentMode}`))).toEqual(
      new Set([`${CUT_OVER} ${cast.admin.user.id} null`]),
    );
    // The money paid before the cut-over carries its interest share, so the split goes on from it.
    const shares = ledger.filter((row) => row.kind === 'opening').map((row) => row.interestShare);
    expect(shares.every((share) => share !== null && share > 0)).toBe(true);
  });

  it('leaves npm run verify clean: every loan’s books and every kept figure', async () => {
    await catchUpEveryFigure(t.db);
    const books = await verifyBooks(t.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });

  it('is no collection: the report, the dashboard’s day and the cash of the cut-over day and before stay empty', async () => {
    const before = await report('2026-09-01', CUT_OVER);
    expect([before.count, before.grandTotalPaidAmount, before.results]).toEqual([0, 0, []]);
    const dashboard = ok(await api.get(cast.admin.headers, '/api/loans/admin-dashboard'));
    expect([dashboard.totalCollectedToday, dashboard.amountRecovered, dashboard.interestEarned]).toEqual([
      0, 0, 0,
    ]);
    const cash = ok(await api.get(cast.admin.headers, '/api/cash/positions/me'));
    expect(cash.position).toMatchObject({ in_hand: 0 });
  });

  it('shows the open EMIs in Payments Due and the loan’s details', async () => {
    const due = ok(
      await api.get(
        cast.admin.headers,
        `/api/loans/emis/due?date=${CUT_OVER}&dates=before&status=open&limit=100`,
      ),
    );
    const ofRunning = due.emis.filter((emi: { Loan: { id: number } }) => emi.Loan.id === ids.running);
    // The first open EMI holds ₹150 carried, ₹70 left of EMI 41 and ₹30 of late charges.
    expect(ofRunning[0]).toMatchObject({
      emi_number: 42,
      amount: 120,
      late_charge: 250,
      full_payment_amount: 370,
    });
    expect(due.emis.some((emi: { Loan: { id: number } }) => emi.Loan.id === ids.defaulted)).toBe(false);
    const detail = ok(await api.get(cast.admin.headers, `/api/loans/${ids.running}`));
    expect(detail.emis.slice(37, 43).map((emi: { status: string }) => emi.status)).toEqual([
      'paid',
      'partial',
      'partial',
      'partial',
      'pending',
      'pending',
    ]);
    const lastPart = ok(await api.get(cast.admin.headers, `/api/loans/${ids.lastEmiPartPaid}`));
    expect(lastPart).toMatchObject({ credit_held: 40 });
  });

  it('lowers what the portfolio says is outstanding by the principal the old book recovered', async () => {
    const summary = ok(await api.get(cast.admin.headers, '/api/portfolio/summary'));
    // In the book today: the running loan (₹4,700 of ₹12,000 paid: ₹3,916.66 principal of ₹10,000)
    // and the one part paid on its last EMI (₹1,120 of ₹1,200: ₹933.33 of ₹1,000).
    expect([summary.loans, summary.outstanding]).toEqual([2, 6_150.01]);
  });

  it('counts the loans in the portfolio from the cut-over day on, never on the days before it', async () => {
    const before = ok(await api.get(cast.admin.headers, '/api/portfolio/summary?asOf=2026-11-20'));
    expect([before.loans, before.outstanding]).toEqual([0, 0]);
    const october = ok(
      await api.get(cast.admin.headers, '/api/portfolio/efficiency?period=month&date=2026-10-15'),
    );
    expect([october.arrears_at_start, october.due_in_period]).toEqual([0, 0]);
    // Due in November: only the two running loans' instalments dated on the cut-over day (₹120 each).
    // Their earlier ones are the opening position; the loans settled in the old book have none here.
    for (const period of ['day', 'month']) {
      const efficiency = ok(
        await api.get(cast.admin.headers, `/api/portfolio/efficiency?period=${period}&date=${CUT_OVER}`),
      );
      expect([efficiency.arrears_at_start, efficiency.due_in_period, efficiency.collected], period).toEqual([
        0, 240, 0,
      ]);
    }
  });

  it('moves a loan taken over before loans kept their cut-over day to it (the upgrade)', async () => {
    await t.db
      .update(loans)
      .set({ cutOverDate: null })
      .where(inArray(loans.id, Object.values(ids)));
    await catchUpEveryFigure(t.db);
    const unmoved = ok(
      await api.get(cast.admin.headers, `/api/portfolio/efficiency?period=month&date=${CUT_OVER}`),
    );
    expect(unmoved.due_in_period).toBeGreaterThan(240);
    const upgrade = await readFile(path.join(MIGRATIONS_DIR, '0067_imported_loans_cut_over.sql'), 'utf8');
    await t.db.execute(sql.raw(upgrade));
    const moved = await t.db
      .select({ cutOverDate: loans.cutOverDate })
      .from(loans)
      .where(inArray(loans.id, Object.values(ids)));
    expect(new Set(moved.map((row) => row.cutOverDate))).toEqual(new Set([CUT_OVER]));
    await catchUpEveryFigure(t.db);
    const efficiency = ok(
      await api.get(cast.admin.headers, `/api/portfolio/efficiency?period=month&date=${CUT_OVER}`),
    );
    expect(efficiency.due_in_period).toBe(240);
    const books = await verifyBooks(t.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });

  it('takes a payment afterwards through the normal route, which alone shows as the day’s collection', async () => {
    ok(await api.pay(cast.agentA.headers, ids.running, 42, { payment_type: 'full', payment_mode: 'cash' }));
    const day = await report(CUT_OVER, CUT_OVER);
    expect([day.count, day.grandTotalPaidAmount]).toEqual([1, 370]);
    const detail = ok(await api.get(cast.admin.headers, `/api/loans/${ids.running}`));
    expect(detail.emis[41]).toMatchObject({ status: 'paid', payment_type: 'full' });
    // Its interest share goes on from the ₹4,700 the old book collected.
    const [cash] = await t.db
      .select()
      .from(loanLedger)
      .where(and(eq(loanLedger.loanId, ids.running), eq(loanLedger.kind, 'collected')));
    const terms = { loanAmount: 1_000_000, totalRepayable: 1_200_000 };
    expect(cash).toMatchObject({ instalment: 34_000, penalty: 3_000 });
    expect(cash?.interestShare).toBe(splitRecovery(34_000, terms, 470_000).interest);
    await catchUpEveryFigure(t.db);
    const books = await verifyBooks(t.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });
});
