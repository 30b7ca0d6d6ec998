import type { TCashPosition, TDayClose } from '@lending/domain';

/** Nothing collected in any mode. */
export const NO_MODES = { cash: 0, upi: 0, bank_transfer: 0, cheque: 0, card: 0, other: 0 };

/** A collector's cash position: Ramesh Agent, nothing held, his phone never reported. */
export const makePosition = (overrides: Partial<TCashPosition> = {}): TCashPosition => ({
  collector_id: 30,
  collector_name: 'Ramesh Agent',
  collector_role: 'agent',
  in_hand: 0,
  collected_today: NO_MODES,
  refunded_today: 0,
  handed_over_today: 0,
  oldest_held_date: null,
  age_days: null,
  overdue: false,
  day_closed: false,
  phone: null,
  ...overrides,
});

/** Ramesh Agent's closed 2026-11-20: ₹10 more counted than handed over. */
export const makeDayClose = (overrides: Partial<TDayClose> = {}): TDayClose => ({
  id: 7,
  collector_id: 30,
  collector_name: 'Ramesh Agent',
  business_date: '2026-11-20',
  opening_in_hand: 140,
  collected: { ...NO_MODES, cash: 120, upi: 120 },
  refunded: 0,
  handed_over: 140,
  received: 150,
  difference: 10,
  carried_in_hand: 120,
  closed_by_id: 20,
  closed_by_name: 'Anita Admin',
  closed_at: '2026-11-20T12:00:00.000Z',
  note: null,
  ...overrides,
});
