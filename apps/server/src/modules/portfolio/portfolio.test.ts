import { PORTFOLIO_BOOK_AGENT_A } from '@lending/domain/testing';
import { describe, expect, it } from 'vitest';
import { buildPortfolioBook } from '../../../test/support/portfolio-book';
import { storeClosedDays } from '../read-model';

/**
 * The known book of test/support/portfolio-book.ts, built through the API over 96 days, with the
 * closed days stored at the end of each day as housekeeping does: past days are read from them.
 */
const { t, cast, api, admin, sessionOf, get, day, lastDay, seenOnDay, loans } = await buildPortfolioBook(
  async (app) => {
    await storeClosedDays(app.db, app.clock.today());
  },
);
const { bounced, partial, unpaid } = loans;

const agentA = await sessionOf(cast.agentA.user.id);
const borrower = await sessionOf(cast.borrower.user.id);
const parOf = (amount: number, loans: number, share: number) => ({ amount, loans, share });

describe('GET /api/portfolio/summary', () => {
  it('answers every PAR figure, bucket and agent row of the known book to the paisa', async () => {
    const summary = await get('/api/portfolio/summary');
    expect(summary.as_of).toBe(day(lastDay));
    // Outstanding: onTime 8,000 − 0.8 × 9,600 = 320; late 8,000 − 0.8 × 7,600 = 1,920; bounced 7,200;
    // partial 8,000 − 0.8 × 540 = 7,568; unpaid 8,000; the foreclosed loan left the book on day 30.
    expect(summary.loans).toBe(5);
    expect(summary.outstanding).toBe(25_008);
    expect(summary.par.map((p: { days: string }) => p.days)).toEqual(['1', '7', '30', '90']);
    expect(summary.par.map(({ days: _, ...rest }: { days: string }) => rest)).toEqual([
      parOf(24_688, 4, 98.72),
      parOf(24_688, 4, 98.72),
      parOf(22_768, 3, 91.04),
      parOf(8_000, 1, 31.99),
    ]);
    // late: 19 days (EMI 77, dated day 76); bounced: 85 days (EMI 11); partial: 90 days (EMI 6, its
    // ₹60 unpaid); unpaid: 95 days.
    expect(summary.buckets).toEqual([
      { bucket: '1-7', min_days: 1, max_days: 7, loans: 0, amount: 0 },
      { bucket: '8-30', min_days: 8, max_days: 30, loans: 1, amount: 1_920 },
      { bucket: '31-90', min_days: 31, max_days: 90, loans: 2, amount: 14_768 },
      { bucket: '91+', min_days: 91, max_days: null, loans: 1, amount: 8_000 },
    ]);
    expect(summary.agents).toEqual(
      [
        { agent_id: cast.agentA.user.id, agent_name: cast.agentA.user.name, ...PORTFOLIO_BOOK_AGENT_A },
        {
          agent_id: cast.agentB.user.id,
          agent_name: cast.agentB.user.name,
          loans: 2,
          outstanding: 14_768,
          par1: 14_768,
          par7: 14_768,
          par30: 14_768,
          par90: 0,
          par30_share: 100,
        },
        {
          agent_id: null,
          agent_name: 'No agent',
          loans: 1,
          outstanding: 8_000,
          par1: 8_000,
          par7: 8_000,
          par30: 8_000,
          par90: 8_000,
          par30_share: 100,
        },
      ].sort((a, b) =>
        a.agent_id === null ? 1 : b.agent_id === null ? -1 : a.agent_name.localeCompare(b.agent_name),
      ),
    );
  });

  it('answers a past day as it answered on that day, after 66 more days of payments and a foreclosure', async () => {
    const past = await get(`/api/portfolio/summary?asOf=${day(29)}`);
    expect(past).toEqual(seenOnDay[29]);
    // Day 29: every loan but onTime is 19 to 29 days overdue; the foreclosed one is still in the book.
    expect(past).toMatchObject({
      loans: 6,
      outstanding: 5_600 + 7_200 + 7_200 + 7_568 + 7_760 + 8_000,
      buckets: [
        { bucket: '1-7', loans: 0, amount: 0 },
        { bucket: '8-30', loans: 5, amount: 7_200 + 7_200 + 7_568 + 7_760 + 8_000 },
        { bucket: '31-90', loans: 0, amount: 0 },
        { bucket: '91+', loans: 0, amount: 0 },
      ],
    });
    expect((await get(`/api/portfolio/summary?asOf=${day(30)}`)).loans).toBe(5);
  });

  it('refuses a day after today, agents, borrowers and callers without a session', async () => {
    const future = await api.get(admin, `/api/portfolio/summary?asOf=${day(lastDay + 1)}`);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ param: 'asOf' }] });
    for (const url of [
      '/api/portfolio/summary',
      '/api/portfolio/efficiency',
      '/api/portfolio/par-trend',
      '/api/portfolio/summary/export',
    ]) {
      expect((await api.get(agentA, url)).statusCode).toBe(403);
      expect((await api.get(borrower, url)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/portfolio/efficiency', () => {
  it('divides the day’s collections by the arrears at its start plus the instalments dated on it', async () => {
    // Day 10: only onTime pays (₹100). Arrears at the end of day 9: late 1,000, partial 460,
    // foreclosed 700, unpaid 1,000; six instalments of ₹100 are dated on day 10.
    const day10 = await get(`/api/portfolio/efficiency?period=day&date=${day(10)}`);
    expect(day10).toMatchObject({
      from: day(10),
      through: day(10),
      collected: 100,
      arrears_at_start: 3_160,
      due_in_period: 600,
      due: 3_760,
      ratio: 2.66,
    });
    expect(
      day10.agents.find((a: { agent_id: number | null }) => a.agent_id === cast.agentA.user.id),
    ).toMatchObject({
      collected: 100,
      arrears_at_start: 1_700,
      due_in_period: 300,
      due: 2_000,
      ratio: 5,
    });
  });

  it('counts a month’s foreclosure as collected and stops the closed loan’s instalments at its close', async () => {
    const december = await get(`/api/portfolio/efficiency?period=month&date=${day(25)}`);
    // Collected: onTime 31 EMIs, late 21, the foreclosure's 97 open instalments: ₹14,900. Dated:
    // five loans × 31 days + the foreclosed loan's days 10–30: ₹17,600.
    expect(december).toMatchObject({
      period: 'month',
      from: '2026-12-01',
      through: '2026-12-31',
      collected: 14_900,
      arrears_at_start: 3_160,
      due_in_period: 17_600,
      due: 20_760,
      ratio: 71.77,
    });
    expect(december.agents.map((a: { ratio: number }) => a.ratio).sort()).toEqual([0, 0, 149]);
    // Asked on the month's last day, the month was the same.
    expect(december).toEqual(seenOnDay[40]);
  });

  it('exports the per-agent rows and the whole book as CSV', async () => {
    const response = await api.get(admin, `/api/portfolio/efficiency/export?period=day&date=${day(10)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `collection_efficiency_${day(10)}_${day(10)}.csv`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Agent,Collected,Arrears at start,Dated in period,Due,Efficiency %');
    expect(lines.at(-1)).toBe('Whole book,100,3160,600,3760,2.66');
  });
});

describe('GET /api/portfolio/par-trend and the summary export', () => {
  it('gives PAR30 at the end of each day, the last one today’s', async () => {
    const trend = await get('/api/portfolio/par-trend?days=3');
    expect(trend.points.map((p: { date: string }) => p.date)).toEqual([day(93), day(94), day(95)]);
    expect(trend.points[2]).toEqual({ date: day(95), par30: 22_768, outstanding: 25_008, share: 91.04 });
    // Each point (stored days summed over the agents, today from the kept rows) is that day's summary.
    for (const point of trend.points) {
      const summary = await get(`/api/portfolio/summary?asOf=${point.date}`);
      const par30 = summary.par.find((p: { days: string }) => p.days === '30');
      expect(point, point.date).toEqual({
        date: point.date,
        par30: par30.amount,
        outstanding: summary.outstanding,
        share: par30.share,
      });
    }
  });

  it('downloads the summary as CSV', async () => {
    const response = await api.get(admin, '/api/portfolio/summary/export');
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Agent,Loans,Outstanding,PAR1,PAR7,PAR30,PAR90,PAR30 %');
    expect(lines.at(-1)).toBe('Whole book,5,25008,24688,24688,22768,8000,91.04');
  });
});

describe('GET /api/loans?overdue_min&overdue_max', () => {
  it('lists the approved loans whose oldest open EMI is that many days old: an ageing bucket’s loans', async () => {
    const response = await api.get(admin, '/api/loans?overdue_min=31&overdue_max=90&limit=50');
    expect(response.statusCode).toBe(200);
    const ids = response
      .json()
      .loans.map((l: { id: number }) => l.id)
      .sort();
    expect(ids).toEqual([bounced.id, partial.id].sort());
    expect(
      (await api.get(admin, '/api/loans?overdue_min=91')).json().loans.map((l: { id: number }) => l.id),
    ).toEqual([unpaid.id]);
    expect((await api.get(admin, '/api/loans?overdue_min=-1')).statusCode).toBe(400);
  });
});
