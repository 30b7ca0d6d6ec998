import {
  importApiMessages,
  importCollectionMessages,
  type PaymentMode,
  paiseToRupees,
  type TCollectionToMatch,
  type TCollectionToMatchPage,
  type TDismissCollectionRequest,
  type TImportListQuery,
  type TMatchCollectionRequest,
} from '@lending/domain';
import type { Tx } from '../../../db/client';
import type { ImportCollectionRow } from '../../../db/schema';
import type { AuthUser } from '../../../platform/access';
import { type Actor, writeAudit } from '../../../platform/audit';
import { retryConflicts } from '../../../platform/conflict-retry';
import type { AppDeps } from '../../../platform/deps';
import { conflict, notFound } from '../../../platform/errors';
import { type Answer, runIdempotent } from '../../../platform/idempotency';
import type { Caller } from '../../../platform/idempotent-route';
import { payCollection } from './pay';
import { lockCollection, resolveCollection, toMatchPage, type WaitingCollectionRow } from './repository';
import { findCollector } from './service';

const toView = (row: WaitingCollectionRow): TCollectionToMatch => ({
  id: row.id,
  importId: row.importId,
  sheet: row.sheet,
  row: row.rowNumber,
  loanText: row.loanText,
  amount: paiseToRupees(row.amount),
  collectedOn: row.collectedOn,
  paymentMode: row.paymentMode,
  utr: row.utr,
  collectedBy:
    row.collectedBy !== null && row.collectorName !== null
      ? { id: row.collectedBy, name: row.collectorName }
      : null,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

/** The row locked for its resolution: unknown 404, already matched or dismissed 409. */
const waitingRow = async (tx: Tx, id: number): Promise<ImportCollectionRow> => {
  const row = await lockCollection(tx, id);
  if (!row) throw notFound(importApiMessages.toMatchNotFound);
  if (row.status !== 'to_match')
    throw conflict('IMPORT_COLLECTION_RESOLVED', importApiMessages.toMatchNotFound);
  return row;
};

/**
 * The collections no loan could be found for when they were imported (docs/lending-rules.md "An
 * amount received", "To match"): listed, then matched to a loan (paid through the money path) or
 * dismissed by an admin.
 */
export const createCollectionsToMatch = (deps: AppDeps) => ({
  /** GET /imports/to-match: a page, oldest first, with the count and Σ amount of the whole list. */
  async list(query: TImportListQuery): Promise<TCollectionToMatchPage> {
    const { rows, total, totalAmount } = await toMatchPage(deps.db, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      collections: rows.map(toView),
      total,
      totalPages: Math.ceil(total / query.pageSize),
      page: query.page,
      totalAmount: paiseToRupees(totalAmount),
    };
  },

  /**
   * POST /imports/to-match/:id/match: in one transaction (Idempotency-Key honoured), the row locked,
   * then paid to the loan as an imported row is (`payCollection`; the collector the row named holds the
   * cash, else the admin matching it), the row
   * marked paid with its payment, and an `imported_collection_matched` audit row. A refusal of the
   * money path (unknown loan 404, a loan not running 409) leaves the row waiting.
   */
  match(caller: Caller, id: number, input: TMatchCollectionRequest): Promise<Answer<{ message: string }>> {
    return retryConflicts(() =>
      deps.db.transaction((tx) =>
        runIdempotent(tx, caller.actor.id, caller.claim, async () => {
          const row = await waitingRow(tx, id);
          // The cash is with whoever the sheet says collected it, as when the import paid its other rows.
          const named = row.collectedBy === null ? null : await findCollector(tx, row.collectedBy);
          const collector = named ?? caller.actor;
          const paid = await payCollection(deps, tx, {
            ...{ collectionId: row.id, importId: row.importId, loanId: input.loan_id, amount: row.amount },
            ...{ date: row.collectedOn, mode: row.paymentMode as PaymentMode, utr: row.utr },
            ...{ collector, audit: caller.audit },
          });
          const now = deps.clock.now();
          await resolveCollection(tx, row.id, {
            status: 'paid',
            loanId: input.loan_id,
            paymentId: paid.paymentIds[0] ?? null,
            resolvedBy: caller.actor.id,
            resolvedAt: now,
          });
          await writeAudit(tx, caller.audit, {
            action: 'imported_collection_matched',
            resourceType: 'import_collection',
            resourceId: row.id,
            metadata: {
              loan_id: input.loan_id,
              import_id: row.importId,
              amount_paise: row.amount,
              paid_paise: paid.paid,
              held_paise: paid.held,
              emi_numbers: paid.emiNumbers,
              payment_ids: paid.paymentIds,
              utr: row.utr,
              collector_id: collector.id,
              reason_waiting: row.reason,
            },
          });
          const message = importCollectionMessages.matched(paid.loanCode, {
            emis: paid.emiNumbers.length,
            paid: paid.paid,
            held: paid.held,
          });
          return { status: 200, body: { message } };
        }),
      ),
    );
  },

  /** POST /imports/to-match/:id/dismiss: the money was not the lender's; nothing paid, the reason audited. */
  dismiss(actor: AuthUser, audit: Actor, id: number, input: TDismissCollectionRequest) {
    return deps.db.transaction(async (tx) => {
      const row = await waitingRow(tx, id);
      await resolveCollection(tx, row.id, {
        status: 'dismissed',
        resolvedBy: actor.id,
        resolvedAt: deps.clock.now(),
      });
      await writeAudit(tx, audit, {
        action: 'imported_collection_dismissed',
        resourceType: 'import_collection',
        resourceId: row.id,
        metadata: {
          reason: input.reason,
          import_id: row.importId,
          amount_paise: row.amount,
          utr: row.utr,
          reason_waiting: row.reason,
        },
      });
      return { message: importCollectionMessages.dismissed };
    });
  },
});
