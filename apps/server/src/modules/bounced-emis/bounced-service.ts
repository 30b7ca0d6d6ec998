import type { Readable } from 'node:stream';
import {
  paiseToRupees,
  type TBouncedEmi,
  type TBouncedEmiStats,
  type TBouncedEmisQuery,
  type TBouncedEmisResponse,
} from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import { prefetched } from '../../platform/streams';
import {
  type BouncedRow,
  bouncedStats,
  countBouncedEmis,
  eachBouncedEmi,
  listBouncedEmis,
} from './bounced-repository';
import { bounceRecordStatus } from './bounced-status';
import { bouncedXlsx } from './bounced-xlsx';

const toBouncedEmi = (row: BouncedRow): TBouncedEmi => ({
  id: row.emi.id,
  loan_id: row.emi.loanId,
  emi_number: row.emi.emiNumber,
  emi_date: row.emi.emiDate,
  amount: paiseToRupees(row.emi.amount),
  late_charge: paiseToRupees(row.emi.lateCharge),
  status: bounceRecordStatus(row.emi.bounceStatus),
  bounce_count: row.emi.bounceCount,
  bounced_at: row.emi.bouncedAt?.toISOString() ?? '',
  bounced_reason: row.emi.bouncedReason,
  notes: row.emi.notes,
  collector: row.collectorName === null ? null : { name: row.collectorName, mobile: row.collectorMobile },
  Loan: {
    loan_number: row.loanNumber,
    loan_code: row.loanCode,
    loan_amount: paiseToRupees(row.loanAmount),
    customer: { name: row.customerName, mobile: row.customerMobile },
  },
});

/** Bounced EMIs Management: the list, its cards and its .xlsx export. */
export const createBouncedEmis = (deps: AppDeps) => ({
  /** GET /loans/bounced-emis: one page, latest bounce first, with the total and the page count. */
  async list(query: TBouncedEmisQuery): Promise<TBouncedEmisResponse> {
    const { page, limit, ...filter } = query;
    const rows = await listBouncedEmis(deps.db, filter, { limit, offset: (page - 1) * limit });
    const total = await countBouncedEmis(deps.db, filter);
    return { emis: rows.map(toBouncedEmi), total, totalPages: Math.ceil(total / limit) };
  },

  /** GET /loans/bounced-emis/stats: the cards over every EMI the list's filters match (paging ignored). */
  async stats(query: TBouncedEmisQuery): Promise<TBouncedEmiStats> {
    const { page: _page, limit: _limit, ...filter } = query;
    const stats = await bouncedStats(deps.db, filter);
    return {
      totalBounced: stats.total,
      pendingRecovery: stats.pending,
      recovered: stats.recovered,
      waived: stats.waived,
      writtenOff: stats.writtenOff,
      totalAmount: paiseToRupees(stats.amount),
    };
  },

  /**
   * GET /emi/bounced/export: every match of the filters (not a page) as bounced_emis_{today}.xlsx, read
   * in keyset batches and streamed.
   */
  async xlsx(query: TBouncedEmisQuery): Promise<{ fileName: string; body: Readable }> {
    const { page: _page, limit: _limit, ...filter } = query;
    const today = deps.clock.today();
    const rows = await prefetched(eachBouncedEmi(deps.db, filter, deps.exportBatchRows));
    return { fileName: `bounced_emis_${today}.xlsx`, body: bouncedXlsx(rows, today) };
  },
});
