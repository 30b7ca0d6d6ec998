import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { okBody as ok } from '../../../test/support/books';
import { dashboardBook } from '../../../test/support/dashboard-book';
import { rowsOf } from '../../db/sql';
import { summedCollectionTotals } from './collection-repository';

describe('the collections report’s totals from the kept day totals', () => {
  it('are the sums over the records for every kind, range and collector', async () => {
    // Payments, a partial with its charge, a bounce, a foreclosure (docs in dashboard-book.ts).
    const book = await dashboardBook();
    const [first] = rowsOf<{ collector_id: number }>(
      await book.t.db.execute(sql`select collector_id from collection_records order by day desc limit 1`),
    );
    const collector = first?.collector_id ?? 0;
    for (const [fromDay, toDay] of [
      ['2026-10-30', '2026-11-21'],
      ['2026-11-21', '2026-11-21'],
    ] as const) {
      for (const kind of ['all', 'cash', 'collected'] as const) {
        const report = ok(
          await book.api.get(
            book.cast.admin.headers,
            `/api/loans/agent/collection-report?kind=${kind}&startDate=${fromDay}%2000:00:00&endDate=${toDay}%2023:59:59`,
          ),
        );
        const summed = await summedCollectionTotals(book.t.db, { fromDay, toDay, kind });
        expect(summed.count).toBeGreaterThan(0);
        expect(report.count).toBe(summed.count);
        expect(Math.round(report.grandTotalPaidAmount * 100)).toBe(summed.paidAmount);
        expect(report.grandTotalBouncedCount).toBe(summed.bouncedCount);
        expect(report.grandUniqueAgents).toBe(summed.agents);
        expect(report.grandUniqueCustomers).toBe(summed.customers);
        expect(Math.round(report.grandTotalInterest * 100)).toBe(summed.interestShare);
        // The daily summary, from the same kept rows, adds up to the grand totals.
        const days = report.dailySummary as { totalCollected: number; emisBounced: number }[];
        expect(Math.round(days.reduce((sum, day) => sum + day.totalCollected, 0) * 100)).toBe(
          summed.paidAmount,
        );
        expect(days.reduce((sum, day) => sum + day.emisBounced, 0)).toBe(summed.bouncedCount);
        const one = ok(
          await book.api.get(
            book.cast.admin.headers,
            `/api/loans/agent/collection-report?kind=${kind}&agentId=${collector}&startDate=${fromDay}%2000:00:00&endDate=${toDay}%2023:59:59`,
          ),
        );
        const summedOne = await summedCollectionTotals(book.t.db, {
          fromDay,
          toDay,
          kind,
          collectorId: collector,
        });
        expect([one.count, one.grandUniqueCustomers]).toEqual([summedOne.count, summedOne.customers]);
      }
    }
  });
});
