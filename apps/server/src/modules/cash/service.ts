import {
  cashMessages,
  checkHandover,
  rupeesToPaise,
  type TCashListQuery,
  type TCashPositionsResponse,
  type TDayCloseListResponse,
  type TDayCloseRequest,
  type TDayCloseResponse,
  type THandoverListResponse,
  type THandoverRequest,
  type THandoverResponse,
  type TMyCashPositionResponse,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { retryConflicts } from '../../platform/conflict-retry';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { type Answer, runIdempotent } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import { heldFigures } from '../read-model';
import { phoneStatesOf } from './phone-repository';
import { toDayClose, toHandover, toPosition } from './presenter';
import {
  closedOn,
  dayFigures,
  findCollector,
  insertDayClose,
  insertHandover,
  isDayClosed,
  listCollectors,
  listDayCloses,
  listHandovers,
  lockCollector,
  lockCollectorDayOpen,
} from './repository';

/**
 * The guard of the payment path (POST /emi/pay, the agents' collect, foreclosure, refund): refuses
 * with CASH_DAY_CLOSED when the collector's business day `today` is closed. Takes the collector's lock
 * shared, so a close running beside the payment either sees it or is seen by it.
 */
export const assertCashDayOpen = async (tx: Executor, collectorId: number, today: string): Promise<void> => {
  if (!(await lockCollectorDayOpen(tx, collectorId, today))) throw cashDayClosed(today);
};

/** The refusal of cash on a collector's closed business day `today` (409 CASH_DAY_CLOSED). */
export const cashDayClosed = (today: string) => conflict('CASH_DAY_CLOSED', cashMessages.dayClosed(today));

const collectorOrRefuse = async (tx: Executor, id: number) => {
  const collector = await findCollector(tx, id);
  if (!collector) throw new AppError('COLLECTOR_NOT_FOUND', cashMessages.collectorNotFound);
  return collector;
};

const pageOf = (query: TCashListQuery) => ({ limit: query.limit, offset: (query.page - 1) * query.limit });
const filterOf = (query: TCashListQuery) => ({
  collectorId: query.collector_id,
  from: query.from,
  to: query.to,
});

/** Cash custody: positions, handovers and day closes (docs/cash.md). */
export const createCash = (deps: AppDeps) => {
  const { db, clock } = deps;

  const positionsOf = async (tx: Executor, collectorId?: number) => {
    const today = clock.today();
    const [held, todays, closed] = await Promise.all([
      heldFigures(tx, { collectorId }),
      dayFigures(tx, today, collectorId),
      closedOn(tx, today),
    ]);
    const ids = [...new Set([...held.map((h) => h.collectorId), ...todays.map((d) => d.collectorId)])];
    const collectors =
      collectorId === undefined ? await listCollectors(tx, ids) : [await collectorOrRefuse(tx, collectorId)];
    const phones = await phoneStatesOf(
      tx,
      collectors.map((collector) => collector.id),
    );
    const positions = collectors.map((collector) =>
      toPosition(
        collector,
        held.find((h) => h.collectorId === collector.id),
        todays.find((d) => d.collectorId === collector.id),
        {
          today,
          closed: closed.has(collector.id),
          phone: phones.find((phone) => phone.agentId === collector.id),
        },
      ),
    );
    return { today, positions };
  };

  return {
    /** GET /cash/positions: every collector, most cash in hand first. */
    async positions(): Promise<TCashPositionsResponse> {
      const { today, positions } = await positionsOf(db);
      positions.sort((a, b) => b.in_hand - a.in_hand || a.collector_name.localeCompare(b.collector_name));
      const totalPaise = positions.reduce((sum, p) => sum + rupeesToPaise(p.in_hand), 0);
      return { today, total_in_hand: totalPaise / 100, positions };
    },

    /** GET /cash/positions/me: the caller's own position. */
    async mine(actor: AuthUser): Promise<TMyCashPositionResponse> {
      const { today, positions } = await positionsOf(db, actor.id);
      const [position] = positions;
      if (!position) throw new Error('a collector without a position');
      return { today, position };
    },

    /** POST /cash/handovers: under the collector's lock, never more than they hold. */
    handover(caller: Caller, input: THandoverRequest): Promise<Answer<THandoverResponse>> {
      const today = clock.today();
      return retryConflicts(() =>
        db.transaction((tx) =>
          runIdempotent(tx, caller.actor.id, caller.claim, async () => {
            await lockCollector(tx, input.collector_id, 'exclusive');
            const collector = await collectorOrRefuse(tx, input.collector_id);
            if (collector.id === caller.actor.id)
              throw conflict('CASH_HANDOVER_TO_SELF', cashMessages.toSelf);
            if (await isDayClosed(tx, collector.id, today))
              throw conflict('CASH_DAY_CLOSED', cashMessages.handoverDayClosed(today));
            const [held] = await heldFigures(tx, { collectorId: collector.id });
            const declared = rupeesToPaise(input.amount);
            const check = checkHandover({
              held: (held?.net ?? 0) - (held?.relieved ?? 0),
              declared,
              received: input.received_amount === undefined ? declared : rupeesToPaise(input.received_amount),
              reason: input.reason,
            });
            if (!check.ok) {
              if (check.code === 'CASH_DIFFERENCE_NEEDS_REASON')
                throw badRequest(check.code, check.message, [{ param: 'reason', msg: check.message }]);
              throw new AppError(check.code, check.message);
            }
            const { figures } = check;
            const auditId = await writeAudit(tx, caller.audit, {
              action: 'cash_handover',
              resourceType: 'user',
              resourceId: collector.id,
              metadata: {
                amount_paise: figures.declared,
                received_paise: figures.received,
                difference_paise: figures.difference,
                reason: input.reason ?? null,
              },
            });
            const id = await insertHandover(tx, {
              collectorId: collector.id,
              receivedBy: caller.actor.id,
              amount: figures.declared,
              receivedAmount: figures.received,
              difference: figures.difference,
              reason: input.reason ?? null,
              note: input.note ?? null,
              businessDate: today,
              auditId,
            });
            const { rows } = await listHandovers(tx, { id }, { limit: 1, offset: 0 });
            const [row] = rows;
            if (!row) throw new Error('handover vanished');
            return { status: 200, body: { message: cashMessages.handedOver, handover: toHandover(row) } };
          }),
        ),
      );
    },

    async handovers(query: TCashListQuery): Promise<THandoverListResponse> {
      const { rows, total } = await listHandovers(db, filterOf(query), pageOf(query));
      return { handovers: rows.map(toHandover), total, page: query.page, limit: query.limit };
    },

    /** POST /cash/day-closes: the day's figures fixed under the collector's lock; once per day. */
    close(caller: Caller, input: TDayCloseRequest): Promise<Answer<TDayCloseResponse>> {
      const today = clock.today();
      const day = input.business_date ?? today;
      return retryConflicts(() =>
        db.transaction((tx) =>
          runIdempotent(tx, caller.actor.id, caller.claim, async () => {
            if (day > today)
              throw badRequest('CASH_DAY_IN_FUTURE', cashMessages.futureDay, [
                { param: 'business_date', msg: cashMessages.futureDay },
              ]);
            await lockCollector(tx, input.collector_id, 'exclusive');
            const collector = await collectorOrRefuse(tx, input.collector_id);
            if (await isDayClosed(tx, collector.id, day))
              throw conflict('CASH_DAY_ALREADY_CLOSED', cashMessages.alreadyClosed(day));
            const [opening] = await heldFigures(tx, { collectorId: collector.id, before: day });
            const [figures] = await dayFigures(tx, day, collector.id);
            const openingInHand = (opening?.net ?? 0) - (opening?.relieved ?? 0);
            const collected = figures?.collected ?? {};
            const refunded = figures?.refunded ?? 0;
            const handedOver = figures?.handedOver ?? 0;
            const carriedInHand = openingInHand + (collected.cash ?? 0) - refunded - handedOver;
            const auditId = await writeAudit(tx, caller.audit, {
              action: 'cash_day_closed',
              resourceType: 'user',
              resourceId: collector.id,
              metadata: { business_date: day, carried_in_hand_paise: carriedInHand },
            });
            const id = await insertDayClose(tx, {
              collectorId: collector.id,
              businessDate: day,
              openingInHand,
              collected,
              refunded,
              handedOver,
              received: figures?.received ?? 0,
              difference: figures?.difference ?? 0,
              carriedInHand,
              closedBy: caller.actor.id,
              note: input.note ?? null,
              auditId,
            });
            const { rows } = await listDayCloses(tx, { id }, { limit: 1, offset: 0 });
            const [row] = rows;
            if (!row) throw new Error('day close vanished');
            return { status: 200, body: { message: cashMessages.closed, day_close: toDayClose(row) } };
          }),
        ),
      );
    },

    async dayCloses(query: TCashListQuery): Promise<TDayCloseListResponse> {
      const { rows, total } = await listDayCloses(db, filterOf(query), pageOf(query));
      return { day_closes: rows.map(toDayClose), total, page: query.page, limit: query.limit };
    },

    /** The collector's cash in hand at the end of `day` (paise), as a close of that day would carry it. */
    async heldAt(collectorId: number, day: string): Promise<number> {
      const [held] = await heldFigures(db, { collectorId, upTo: day });
      return (held?.net ?? 0) - (held?.relieved ?? 0);
    },

    async dayClose(id: number) {
      const { rows } = await listDayCloses(db, { id }, { limit: 1, offset: 0 });
      const [row] = rows;
      if (!row) throw new AppError('NOT_FOUND', 'Day close not found');
      return toDayClose(row);
    },
  };
};
