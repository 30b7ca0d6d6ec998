import {
  cashAgeDays,
  isCashOverdue,
  PAYMENT_MODES,
  paiseToRupees,
  type TCashPosition,
  type TDayClose,
  type THandover,
  type TModeAmounts,
  type TPhoneSyncState,
} from '@lending/domain';
import type { ModePaise } from '../../db/schema';
import type { HeldFigures } from '../read-model';
import type { PhoneState } from './phone-repository';
import type { Collector, DayCloseRow, DayFigures, HandoverRow } from './repository';

/** Rupees per mode, every mode present (0 when none). */
export const modeRupees = (collected: ModePaise): TModeAmounts =>
  Object.fromEntries(
    PAYMENT_MODES.map((mode) => [mode, paiseToRupees(collected[mode] ?? 0)]),
  ) as TModeAmounts;

/** One collector's position from their held figures and today's figures. */
export const toPosition = (
  collector: Collector,
  held: HeldFigures | undefined,
  today: DayFigures | undefined,
  context: { today: string; closed: boolean; phone?: PhoneState },
): TCashPosition => {
  const inHand = (held?.net ?? 0) - (held?.relieved ?? 0);
  const oldest = held?.oldest ?? null;
  const age = cashAgeDays(oldest, context.today);
  return {
    collector_id: collector.id,
    collector_name: collector.name,
    collector_role: collector.role,
    in_hand: paiseToRupees(inHand),
    collected_today: modeRupees(today?.collected ?? {}),
    refunded_today: paiseToRupees(today?.refunded ?? 0),
    handed_over_today: paiseToRupees(today?.handedOver ?? 0),
    oldest_held_date: oldest,
    age_days: age,
    overdue: isCashOverdue(age),
    day_closed: context.closed,
    phone: context.phone ? toPhoneState(context.phone) : null,
  };
};

/** An agent's phone report as the API answers it. */
export const toPhoneState = (state: PhoneState): TPhoneSyncState => ({
  pending_count: state.pendingCount,
  last_synced_at: state.lastSyncedAt?.toISOString() ?? null,
  reported_at: state.reportedAt.toISOString(),
});

export const toHandover = ({ row, collectorName, receivedByName }: HandoverRow): THandover => ({
  id: row.id,
  collector_id: row.collectorId,
  collector_name: collectorName,
  received_by_id: row.receivedBy,
  received_by_name: receivedByName,
  amount: paiseToRupees(row.amount),
  received_amount: paiseToRupees(row.receivedAmount),
  difference: paiseToRupees(row.difference),
  reason: row.reason,
  note: row.note,
  business_date: row.businessDate,
  created_at: row.createdAt.toISOString(),
});

export const toDayClose = ({ row, collectorName, closedByName }: DayCloseRow): TDayClose => ({
  id: row.id,
  collector_id: row.collectorId,
  collector_name: collectorName,
  business_date: row.businessDate,
  opening_in_hand: paiseToRupees(row.openingInHand),
  collected: modeRupees(row.collected),
  refunded: paiseToRupees(row.refunded),
  handed_over: paiseToRupees(row.handedOver),
  received: paiseToRupees(row.received),
  difference: paiseToRupees(row.difference),
  carried_in_hand: paiseToRupees(row.carriedInHand),
  closed_by_id: row.closedBy,
  closed_by_name: closedByName,
  closed_at: row.createdAt.toISOString(),
  note: row.note,
});
