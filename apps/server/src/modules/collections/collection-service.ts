import type { Readable } from 'node:stream';
import {
  fieldMessages,
  paiseToRupees,
  seesEveryCustomer,
  type TCollectionExportQuery,
  type TCollectionReportQuery,
  type TCollectionReportResponse,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { prefetched } from '../../platform/streams';
import { type CollectionFilter, settleFigure } from '../read-model';
import { collectionsCsv } from './collection-csv';
import { dailyCollections } from './collection-daily-repository';
import { eachCollection } from './collection-export-repository';
import { toCollectionRecord } from './collection-presenter';
import { collectionTotals, listCollections } from './collection-repository';

/**
 * The range as IST business days: the report sums the ledger by the day money moved, and a business
 * day has no time of day, so startDate and endDate select their whole days. End before start is a 400.
 */
const rangeOf = (query: TCollectionExportQuery): Pick<CollectionFilter, 'fromDay' | 'toDay'> => {
  const fromDay = query.startDate?.slice(0, 10);
  const toDay = query.endDate?.slice(0, 10);
  if (query.startDate && query.endDate && query.endDate < query.startDate)
    throw badRequest('VALIDATION_FAILED', fieldMessages.endBeforeStart, [
      { param: 'endDate', msg: fieldMessages.endBeforeStart },
    ]);
  return { fromDay, toDay };
};

/**
 * Whose records a caller reads: admins every collector's (or one through agentId), an agent only their
 * own collections on their own customers, whatever they asked.
 */
const filterOf = (actor: AuthUser, query: TCollectionExportQuery): CollectionFilter => {
  const everyone = seesEveryCustomer(actor);
  return {
    ...rangeOf(query),
    collectorId: everyone ? query.agentId : undefined,
    agentId: everyone ? undefined : actor.id,
    search: query.search || undefined,
    kind: query.kind,
  };
};

/** The Agent Collections report. */
export const createCollectionReport = (deps: AppDeps) => ({
  /**
   * GET /loans/agent/collection-report: admins see every collector's payments and bounces (or one
   * collector's through agentId), an agent only their own on their own customers. Detail rows newest
   * first, page figures over the page, grand totals and the daily summary over every match.
   */
  async report(actor: AuthUser, query: TCollectionReportQuery): Promise<TCollectionReportResponse> {
    const everyone = seesEveryCustomer(actor);
    const filter = filterOf(actor, query);
    // Ledger records are folded in after their payment commits: bring them up to this moment first.
    await settleFigure(deps.db, 'collection-records');
    const rows = await listCollections(deps.db, filter, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const totals = await collectionTotals(deps.db, filter);
    const daily = await dailyCollections(deps.db, filter);
    const paidOnPage = rows.filter((row) => row.status === 'paid').reduce((sum, row) => sum + row.amount, 0);
    return {
      results: rows.map(toCollectionRecord),
      count: totals.count,
      totalPages: Math.ceil(totals.count / query.limit),
      page: query.page,
      from: query.startDate ?? null,
      to: query.endDate ?? null,
      grandTotalPaidAmount: paiseToRupees(totals.paidAmount),
      grandTotalBouncedAmount: paiseToRupees(totals.bouncedAmount),
      grandTotalBouncedCount: totals.bouncedCount,
      grandTotalInstalment: paiseToRupees(totals.instalment),
      grandTotalCharges: paiseToRupees(totals.charges),
      grandTotalInterest: paiseToRupees(totals.interestShare),
      grandTotalPrincipal: paiseToRupees(totals.instalment - totals.interestShare),
      grandTotalRevenue: paiseToRupees(totals.interestShare + totals.charges),
      filteredTotalAmount: paiseToRupees(paidOnPage),
      hasFilters: Boolean(
        query.search ||
          query.startDate ||
          query.endDate ||
          query.kind !== 'all' ||
          (everyone && query.agentId !== undefined),
      ),
      uniqueAgents: new Set(rows.map((row) => row.collectorId)).size,
      uniqueCustomers: new Set(rows.map((row) => row.customerId)).size,
      grandUniqueAgents: totals.agents,
      grandUniqueCustomers: totals.customers,
      dailySummary: daily.map((day) => ({
        date: day.day,
        agent: { id: day.collectorId, name: day.collectorName, mobile: day.collectorMobile },
        totalCollected: paiseToRupees(day.collected),
        totalBounced: paiseToRupees(day.bounced),
        emisCollected: day.collectedCount,
        emisBounced: day.bouncedCount,
      })),
    };
  },

  /**
   * GET /loans/agent/collection-report/export: every record the filters match (not a page), in the
   * report's order, as agent_collections_{today}.csv, read in keyset batches and streamed.
   */
  async csv(actor: AuthUser, query: TCollectionExportQuery): Promise<{ fileName: string; body: Readable }> {
    await settleFigure(deps.db, 'collection-records');
    const rows = await prefetched(eachCollection(deps.db, filterOf(actor, query), deps.exportBatchRows));
    return { fileName: `agent_collections_${deps.clock.today()}.csv`, body: collectionsCsv(rows) };
  },
});
