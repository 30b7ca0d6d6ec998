import type { Readable } from 'node:stream';
import {
  creditScopeOf,
  creditScore,
  paiseToRupees,
  paiseToRupeesOrNull,
  recentBounceWindowStart,
  type TCreditEvent,
  type TCreditScoreResponse,
  type TReportsExportQuery,
  type TReportsQuery,
  type TReportsResponse,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { prefetched } from '../../platform/streams';
import { creditEventsCsv } from './credit-csv';
import {
  type CreditEventRow,
  countCustomerCreditEvents,
  creditEventTotals,
  eachCreditEvent,
  emisDueSoFar,
  findCustomer,
  listCreditEvents,
} from './credit-repository';

const CUSTOMER_NOT_FOUND = 'Customer not found';

const toCreditEvent = ({ event, customerName, loanCode }: CreditEventRow): TCreditEvent => {
  const bounce = event.eventType === 'EMI_BOUNCED';
  return {
    id: event.id,
    event_type: event.eventType as TCreditEvent['event_type'],
    created_at: event.createdAt.toISOString(),
    customer_id: event.customerId,
    customer_name: customerName,
    loan_code: loanCode,
    emi_number: event.emiNumber,
    emi_amount: paiseToRupees(event.emiAmount),
    amount: paiseToRupees(event.amount),
    bounced_amount: bounce ? paiseToRupees(event.amount) : null,
    bounce_reason: event.bounceReason,
    bounce_sequence: event.bounceSequence,
    charges_applied: paiseToRupeesOrNull(event.chargesApplied),
    bounce_date: bounce ? event.eventDate : null,
  };
};

/** The Credit Report: credit events and a customer's credit score. */
export const createCreditReports = (deps: AppDeps) => ({
  /**
   * GET /reports: one page of credit events within the reader's scope, with the total and the counts by
   * kind over every match (the stat cards: SQL, never the page).
   */
  async list(actor: AuthUser, query: TReportsQuery): Promise<TReportsResponse> {
    const filter = {
      scope: creditScopeOf(actor),
      customerId: query.customer_id,
      search: query.search || undefined,
      sortBy: query.sort_by,
      sortDirection: query.sort_direction,
    };
    const rows = await listCreditEvents(deps.db, filter, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const { total, counts } = await creditEventTotals(deps.db, filter);
    return {
      success: true,
      data: { reports: rows.map(toCreditEvent), totalPages: Math.ceil(total / query.limit), total, counts },
    };
  },

  /**
   * GET /reports/export: every event the search matches within the reader's scope (not a page), newest
   * first, as credit_report_{today}.csv, read in keyset batches and streamed.
   */
  async csv(actor: AuthUser, query: TReportsExportQuery): Promise<{ fileName: string; body: Readable }> {
    const filter = {
      scope: creditScopeOf(actor),
      customerId: query.customer_id,
      search: query.search || undefined,
    };
    const rows = await prefetched(eachCreditEvent(deps.db, filter, deps.exportBatchRows));
    return { fileName: `credit_report_${deps.clock.today()}.csv`, body: creditEventsCsv(rows) };
  },

  /**
   * GET /reports/score: the domain's creditScore over the customer's credit events and the EMIs due
   * so far; customers outside the reader's scope answer 404.
   */
  async score(actor: AuthUser, customerId: number): Promise<TCreditScoreResponse> {
    const customer = await findCustomer(deps.db, customerId, creditScopeOf(actor));
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    const today = deps.clock.today();
    const counts = await countCustomerCreditEvents(deps.db, customer.id, recentBounceWindowStart(today));
    const due = await emisDueSoFar(deps.db, customer.id, today);
    const input = { ...counts, emisDueSoFar: due };
    const result = creditScore(input);
    return {
      customer_id: customer.id,
      customer_name: customer.name,
      score: result.score,
      band: result.band,
      bounceRate: result.bounceRate,
      latePaymentRate: result.latePaymentRate,
      paymentHistoryRate: result.paymentHistoryRate,
      ...input,
    };
  },
});
