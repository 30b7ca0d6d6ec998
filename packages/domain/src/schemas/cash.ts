import { z } from 'zod';
import { PAYMENT_MODES } from '../lending/types';
import { PHONE_PENDING_MAX } from '../offline/phone-sync';
import { ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';
import { capped, ZNonNegativeRupees, ZPositiveRupees } from './money';
import { ZCalendarDate, ZText } from './primitives';

/** Cash lists (handovers, day closes) show 20 a page. */
export const CASH_PAGE_SIZE = 20;
export const CASH_REASON_MAX = 500;
/** ₹1,00,00,000: far above any day's cash in one hand, so a mistyped amount is refused. */
export const CASH_MAX_PAISE = 1_000_000_000;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const ZOptionalText = (label: string) =>
  z.preprocess(
    blankToUndefined,
    ZText(label)
      .trim()
      .max(CASH_REASON_MAX, `${label} must be at most ${CASH_REASON_MAX} characters`)
      .optional(),
  );

/** Rupees per payment mode (cash, upi, bank_transfer, cheque, card, other). */
export const ZModeAmounts = z.object(
  Object.fromEntries(PAYMENT_MODES.map((mode) => [mode, z.number()])) as Record<
    (typeof PAYMENT_MODES)[number],
    z.ZodNumber
  >,
);
export type TModeAmounts = z.infer<typeof ZModeAmounts>;

/**
 * PUT /cash/phone-sync: a field agent's phone reports its queue whenever it is online: how many
 * collections wait on it and when it last synced (null: never).
 */
export const ZPhoneSyncReport = z.object({
  pending_count: z
    .number({ error: 'pending_count must be a number' })
    .int('pending_count must be a whole number')
    .min(0, 'pending_count cannot be negative')
    .max(PHONE_PENDING_MAX, `pending_count must be at most ${PHONE_PENDING_MAX}`),
  last_synced_at: z.iso
    .datetime({ offset: true, error: 'last_synced_at must be an ISO date-time' })
    .nullable(),
});
export type TPhoneSyncReport = z.infer<typeof ZPhoneSyncReport>;

/** What the server last heard from an agent's phone; `reported_at` is the server's time of that report. */
export const ZPhoneSyncState = z.object({
  pending_count: z.number(),
  last_synced_at: z.string().nullable(),
  reported_at: z.string(),
});
export type TPhoneSyncState = z.infer<typeof ZPhoneSyncState>;

export const ZPhoneSyncResponse = z.object({ phone: ZPhoneSyncState });
export type TPhoneSyncResponse = z.infer<typeof ZPhoneSyncResponse>;

/** One collector's cash position: what they hold now and what today brought. */
export const ZCashPosition = z.object({
  collector_id: z.number(),
  collector_name: z.string(),
  collector_role: z.string(),
  in_hand: z.number(),
  collected_today: ZModeAmounts,
  refunded_today: z.number(),
  handed_over_today: z.number(),
  oldest_held_date: z.string().nullable(),
  age_days: z.number().nullable(),
  overdue: z.boolean(),
  day_closed: z.boolean(),
  /** The agent's phone: collections waiting on it and its last sync, as it last reported (null: never). */
  phone: ZPhoneSyncState.nullable(),
});
export type TCashPosition = z.infer<typeof ZCashPosition>;

/** GET /cash/positions: every collector's position on the business day `today`. */
export const ZCashPositionsResponse = z.object({
  today: z.string(),
  total_in_hand: z.number(),
  positions: z.array(ZCashPosition),
});
export type TCashPositionsResponse = z.infer<typeof ZCashPositionsResponse>;

/** GET /cash/positions/me: the caller's own position. */
export const ZMyCashPositionResponse = z.object({ today: z.string(), position: ZCashPosition });
export type TMyCashPositionResponse = z.infer<typeof ZMyCashPositionResponse>;

/**
 * POST /cash/handovers: `amount` is what the collector hands over by the books (leaves their hand),
 * `received_amount` the cash the admin counted (defaults to `amount`); a difference needs `reason`.
 */
export const ZHandoverRequest = z.object({
  collector_id: ZDbId('Choose a collector'),
  amount: capped(ZPositiveRupees, CASH_MAX_PAISE),
  received_amount: z.preprocess(blankToUndefined, capped(ZNonNegativeRupees, CASH_MAX_PAISE).optional()),
  reason: ZOptionalText('Reason'),
  note: ZOptionalText('Note'),
});
export type THandoverRequest = z.infer<typeof ZHandoverRequest>;

/** A recorded handover (rupees): declared left the collector's hand, received reached the office. */
export const ZHandover = z.object({
  id: z.number(),
  collector_id: z.number(),
  collector_name: z.string(),
  received_by_id: z.number(),
  received_by_name: z.string(),
  amount: z.number(),
  received_amount: z.number(),
  difference: z.number(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  business_date: z.string(),
  created_at: z.string(),
});
export type THandover = z.infer<typeof ZHandover>;

export const ZHandoverResponse = z.object({ message: z.string(), handover: ZHandover });
export type THandoverResponse = z.infer<typeof ZHandoverResponse>;

const ZOptionalDay = z.preprocess(blankToUndefined, ZCalendarDate().optional());

/** Filters of the handover and day-close lists: a collector and a range of business days. */
export const ZCashListQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, 200, CASH_PAGE_SIZE),
  collector_id: ZDbId('Invalid collector').optional(),
  from: ZCalendarDate().optional(),
  to: ZCalendarDate().optional(),
});
export type TCashListQuery = z.infer<typeof ZCashListQuery>;

/** What every cash list answers after its rows: the whole filtered count and the page shown. */
const ZCashPage = z.object({ total: z.number(), page: z.number(), limit: z.number() });

export const ZHandoverListResponse = z.object({ handovers: z.array(ZHandover), ...ZCashPage.shape });
export type THandoverListResponse = z.infer<typeof ZHandoverListResponse>;

/** POST /cash/day-closes: close a collector's business day (today when no date is given). */
export const ZDayCloseRequest = z.object({
  collector_id: ZDbId('Choose a collector'),
  business_date: ZOptionalDay,
  note: ZOptionalText('Note'),
});
export type TDayCloseRequest = z.infer<typeof ZDayCloseRequest>;

/**
 * A closed day's figures, fixed when it was closed: in hand at the start, collected by mode, refunds
 * paid in cash, handed over (by the books) and received (counted), their difference, and carried in hand.
 */
export const ZDayClose = z.object({
  id: z.number(),
  collector_id: z.number(),
  collector_name: z.string(),
  business_date: z.string(),
  opening_in_hand: z.number(),
  collected: ZModeAmounts,
  refunded: z.number(),
  handed_over: z.number(),
  received: z.number(),
  difference: z.number(),
  carried_in_hand: z.number(),
  closed_by_id: z.number(),
  closed_by_name: z.string(),
  closed_at: z.string(),
  note: z.string().nullable(),
});
export type TDayClose = z.infer<typeof ZDayClose>;

export const ZDayCloseResponse = z.object({ message: z.string(), day_close: ZDayClose });
export type TDayCloseResponse = z.infer<typeof ZDayCloseResponse>;

export const ZDayCloseListResponse = z.object({ day_closes: z.array(ZDayClose), ...ZCashPage.shape });
export type TDayCloseListResponse = z.infer<typeof ZDayCloseListResponse>;
