import { z } from 'zod';
import { MAX_CHARGE_PAISE } from '../lending/limits';
import { CLEAR_ALL_MISMATCH_MESSAGE } from '../lending/refusals';
import { EMI_STATUSES, PAYMENT_MODES, PAYMENT_TYPES, RECORDED_PAYMENT_MODES } from '../lending/types';
import { formatRupees, type Paise } from '../money/paise';
import { isIsoDate } from '../time/ist';
import { MAX_DB_ID, ZDbId, ZQuery, ZQueryInteger } from './common';
import { ZEmiView } from './loans';
import { capped, ZNonNegativeRupees, ZPositiveRupees, ZRupees } from './money';
import { dateMessages, isDateInRange, ZCalendarDate, ZSearch, ZText } from './primitives';

/** How money reached the lender; cash is the default. */
export { PAYMENT_MODES, type PaymentMode } from '../lending/types';

/** The bounce reason the due list sends; the loan screen's default is 'Payment failed'. */
export const DEFAULT_BOUNCE_REASON = 'Payment failed';

/**
 * The phone's time of a collection made offline (ISO 8601 with an offset); the server refuses it in
 * the future or older than seven days (400 COLLECTED_AT_OUT_OF_RANGE).
 */
export const ZCollectedAt = z.iso
  .datetime({ offset: true, error: 'collected_at must be an ISO date-time' })
  .optional();

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * POST /emi/pay/{loanId}/{emiNumber}. `payment_amount` is the partial amount for `partial` (required,
 * above 0, at most the EMI amount); for `full` and `emi_only` it may be left out, and when sent it must
 * equal what the payment collects (full: amount + late charge + an earlier current bounced EMI's dues
 * that roll in + `late_charge_amount`; emi_only: the amount), else 400: the books never say other than
 * the cash in hand. `late_charge_amount` (0 … ₹10,00,000) is an extra charge levied at collection: booked on the
 * EMI first, then collected by a full payment or carried on by emi_only and partial. `loan_id` and
 * `emi_number`, when sent, must match the path.
 */
export const ZPayEmiRequest = z.object({
  loan_id: ZDbId().optional(),
  emi_number: ZDbId().optional(),
  payment_amount: z.preprocess(blankToUndefined, ZPositiveRupees.optional()),
  payment_mode: z.enum(PAYMENT_MODES, { error: 'Unknown payment mode' }).default('cash'),
  payment_type: z.enum(PAYMENT_TYPES, { error: 'Unknown payment type' }).default('full'),
  late_charge_amount: z.preprocess(blankToUndefined, capped(ZNonNegativeRupees, MAX_CHARGE_PAISE).optional()),
  notes: ZText('notes').trim().max(500).optional(),
  collected_at: ZCollectedAt,
});
export type TPayEmiRequest = z.infer<typeof ZPayEmiRequest>;

/** POST /emi/bounce/{loanId}/{emiNumber}; `late_charges` is the bounce charge (0 … ₹10,00,000). */
export const ZBounceEmiRequest = z.object({
  loan_id: ZDbId().optional(),
  emi_number: ZDbId().optional(),
  emi_amount: z.preprocess(blankToUndefined, ZNonNegativeRupees.optional()),
  late_charges: z.preprocess(blankToUndefined, capped(ZNonNegativeRupees, MAX_CHARGE_PAISE).optional()),
  reason: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    ZText('reason').trim().max(200).default(DEFAULT_BOUNCE_REASON),
  ),
  notes: z.preprocess(blankToUndefined, ZText('notes').trim().max(500).default('')),
});
export type TBounceEmiRequest = z.infer<typeof ZBounceEmiRequest>;

/** POST /loans/emi/{emiId}/clear-charges: 0 < amount ≤ that EMI's late charge (and ≤ ₹10,00,000); `reason` is kept in the ledger's audit. */
export const ZClearChargesRequest = z.object({
  amount: capped(ZPositiveRupees, MAX_CHARGE_PAISE),
  reason: ZText('reason').trim().max(200).optional(),
});
export type TClearChargesRequest = z.infer<typeof ZClearChargesRequest>;

/**
 * POST /loans/{id}/clear-charges: `amount` confirms the latest late charge; a missing,
 * non-numeric or different amount answers the spec's one message.
 */
export const ZClearAllChargesRequest = z.object({
  amount: z.any().transform((raw, ctx): number => {
    const parsed = ZRupees.safeParse(raw === '' || raw === null ? undefined : raw);
    if (raw === undefined || raw === '' || raw === null || !parsed.success) {
      ctx.addIssue({ code: 'custom', message: CLEAR_ALL_MISMATCH_MESSAGE });
      return z.NEVER;
    }
    return parsed.data;
  }),
  reason: ZText('reason').trim().max(200).optional(),
});
export type TClearAllChargesRequest = z.infer<typeof ZClearAllChargesRequest>;

/** GET (query) or POST (JSON) /loans/update-payment-date; `emiKey` is the EMI's id or its number. */
export const ZUpdatePaymentDateRequest = z.object({
  loanId: ZDbId('Loan ID is missing'),
  emiKey: ZDbId('Missing loan or EMI information'),
  payment_date: ZText('payment_date', { error: 'Please select a payment date' })
    .trim()
    .min(1, { error: 'Please select a payment date', abort: true })
    .refine(isIsoDate, { error: 'Please select a valid date', abort: true })
    .refine(isDateInRange, dateMessages.range),
});
export type TUpdatePaymentDateRequest = z.infer<typeof ZUpdatePaymentDateRequest>;

/**
 * What a payment answers and the receipt shows; money in rupees, read from the
 * ledger and the EMI. `amount` is the EMI's instalment, `late_charge` the charges it held when paid
 * (rolled-in dues and `late_charge_levied` included; collected by full, carried on by emi_only and
 * partial), `amount_collected` the cash received, `remaining_balance` what a partial payment left of
 * the instalment (0 otherwise), `partial_charge` its 10% charge, `carried_amount` what moved to
 * EMI `carried_to_emi`. `payment_date` is the business date (YYYY-MM-DD, IST; editable), `paid_at`
 * the moment it was recorded. `payment_mode` and `collected_by` are null only for payments recorded
 * without a collector (none through this API).
 */
export const ZReceipt = z.object({
  loan_id: z.number(),
  loan_code: z.string(),
  loan_number: z.number(),
  customer_name: z.string(),
  customer_mobile: z.string().nullable(),
  /** The EMI paid; null once a schedule rewrite replaced it (the receipt still stands). */
  emi_id: z.number().nullable(),
  /** The payment record this receipt is of (null for payments recorded before receipts named it). */
  payment_id: z.number().nullable(),
  emi_number: z.number(),
  payment_date: z.string(),
  paid_at: z.string().nullable(),
  due_date: z.string(),
  amount: z.number(),
  late_charge: z.number(),
  late_charge_levied: z.number(),
  amount_collected: z.number(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_mode: z.enum(RECORDED_PAYMENT_MODES).nullable(),
  partial_payment_amount: z.number().nullable(),
  remaining_balance: z.number(),
  partial_charge: z.number(),
  carried_amount: z.number(),
  carried_to_emi: z.number().nullable(),
  collected_by: z.string().nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** `{loanId}/{emiNumber}` in EMI paths. */
export const ZEmiPathParams = z.object({
  loanId: ZDbId('Invalid loan id'),
  emiNumber: ZDbId('Invalid EMI number'),
});
export type TEmiPathParams = z.infer<typeof ZEmiPathParams>;

/** `{emiId}` in /loans/emi/{emiId}/clear-charges. */
export const ZEmiIdParam = z.object({ emiId: ZDbId('Invalid EMI id') });

/** '₹1,234' for whole rupees, '₹1,234.50' otherwise: a message never rounds a paisa away. */
const exactRupees = (paise: Paise) => formatRupees(paise, 'auto');

/** The success messages for EMIs. */
export const emiMessages = {
  fullyPaid: (emiNumber: number) => `EMI ${emiNumber} fully paid.`,
  partiallyPaid: (paidPaise: Paise, remainingPaise: Paise) =>
    `Partial payment of ${exactRupees(paidPaise)} received. Remaining balance: ${exactRupees(remainingPaise)}.`,
  bounced: (emiNumber: number) => `EMI ${emiNumber} marked as bounced`,
  chargesCleared: 'Late charges cleared successfully',
  paymentDateUpdated: 'Payment date updated successfully',
} as const;

/** POST /emi/pay/{loanId}/{emiNumber} */
export const ZPayEmiResponse = z.object({ message: z.string(), receipt: ZReceipt });
export type TPayEmiResponse = z.infer<typeof ZPayEmiResponse>;

/** GET /emi/receipt/{loanId}/{emiNumber}: the receipt of a paid or partial EMI. */
export const ZReceiptResponse = z.object({ receipt: ZReceipt });

/** POST /emi/bounce/{loanId}/{emiNumber}: the bounced EMI as it now stands. */
export const ZBounceEmiResponse = z.object({ message: z.string(), emi: ZEmiView });
export type TBounceEmiResponse = z.infer<typeof ZBounceEmiResponse>;

/**
 * Both clear-charges calls: `cleared` is what was waived (rupees); `emis` the EMIs whose late charge
 * changed (the per-EMI call: that one EMI).
 */
export const ZClearChargesResponse = z.object({
  message: z.string(),
  cleared: z.number(),
  emis: z.array(ZEmiView),
});
export type TClearChargesResponse = z.infer<typeof ZClearChargesResponse>;

/** GET or POST /loans/update-payment-date */
export const ZUpdatePaymentDateResponse = z.object({ message: z.string(), emi: ZEmiView });
export type TUpdatePaymentDateResponse = z.infer<typeof ZUpdatePaymentDateResponse>;

/** Rows one Payments Due page holds by default and at most. */
export const DUE_PAGE_DEFAULT = 50;
export const DUE_PAGE_MAX = 200;

const cursorMessage = 'Invalid cursor';

/**
 * Where the next Payments Due page starts: the loan id and EMI number of the last row of the page
 * before, as `next_cursor` answered them ("{loanId}.{emiNumber}"). Keyset, not an offset, so a row
 * paid or bounced while someone scrolls never shifts the next page over a row it has not shown.
 */
export const ZDueCursor = z
  .string({ error: cursorMessage })
  .regex(/^\d{1,10}\.\d{1,10}$/, cursorMessage)
  .transform((text) => {
    const [loanId = 0, emiNumber = 0] = text.split('.').map(Number);
    return { loanId, emiNumber };
  })
  .refine((c) => c.loanId <= MAX_DB_ID && c.emiNumber <= MAX_DB_ID, cursorMessage);
export type TDueCursor = z.output<typeof ZDueCursor>;

/** The cursor text of a row, as `next_cursor` carries it. */
export const dueCursorOf = (loanId: number, emiNumber: number) => `${loanId}.${emiNumber}`;

/**
 * The Payments Due status filter: an EMI status, `open` (not yet settled: pending, or the current
 * bounced EMI whose dues still sit on it) or `due` (every EMI still due: any status but foreclosed).
 */
export const DUE_STATUS_FILTERS = [...EMI_STATUSES, 'open', 'due'] as const;
export type TDueStatusFilter = (typeof DUE_STATUS_FILTERS)[number];

/**
 * Which EMI dates Payments Due lists against its `date`: that day, every day before it, any day, or
 * the days from `date` through `to` (both included; `range` needs both).
 */
export const DUE_DATE_SCOPES = ['day', 'before', 'any', 'range'] as const;
export type TDueDateScope = (typeof DUE_DATE_SCOPES)[number];

/** The filters of Payments Due and its export; `_t` and `timestamp` (cache-busting) are accepted and ignored. */
const dueFilterFields = {
  date: ZCalendarDate().optional(),
  search: ZSearch,
  status: z.enum(DUE_STATUS_FILTERS, { error: 'Unknown EMI status' }).default('pending'),
  dates: z.enum(DUE_DATE_SCOPES, { error: 'dates must be day, before, any or range' }).default('day'),
  to: ZCalendarDate().optional(),
  _t: ZText('_t').max(100).optional(),
  timestamp: ZText('timestamp').max(100).optional(),
};

export const dueRangeMessages = {
  bounds: 'dates=range needs date and to',
  order: 'to cannot be before date',
} as const;

/** A range names both its days, in order; `to` means nothing to the other scopes. */
const dueRangeCheck = (
  query: { date?: string; to?: string; dates: TDueDateScope },
  context: z.RefinementCtx,
) => {
  if (query.dates !== 'range') return;
  if (query.date === undefined || query.to === undefined)
    context.addIssue({ code: 'custom', path: ['to'], message: dueRangeMessages.bounds });
  else if (query.to < query.date)
    context.addIssue({ code: 'custom', path: ['to'], message: dueRangeMessages.order });
};

/** GET /loans/emis/due: the filters and one page of them (`limit` rows after `cursor`). */
export const ZDueEmisQuery = ZQuery({
  ...dueFilterFields,
  limit: ZQueryInteger('limit', 1, DUE_PAGE_MAX, DUE_PAGE_DEFAULT),
  cursor: ZDueCursor.optional(),
}).superRefine(dueRangeCheck);
export type TDueEmisQuery = z.infer<typeof ZDueEmisQuery>;

/** GET /loans/emis/due/export: every row of the filters, never a page. */
export const ZDueExportQuery = ZQuery(dueFilterFields).superRefine(dueRangeCheck);
export type TDueExportQuery = z.infer<typeof ZDueExportQuery>;

/**
 * A due-list row: the EMI, its loan and
 * customer, and `full_payment_amount`: what a full payment collects now (amount + late charge + the
 * dues of an earlier current bounced EMI that roll into it; null when it cannot be paid).
 */
export const ZDueEmi = ZEmiView.extend({
  full_payment_amount: z.number().nullable(),
  Loan: z.object({
    id: z.number(),
    loan_number: z.number(),
    loan_code: z.string(),
    per_day_emi: z.number(),
    /** The bounce charge of the loan's product terms (the bounce dialog starts from it); null without a product. */
    bounce_charge: z.number().nullable(),
    customer: z.object({ name: z.string(), mobile: z.string().nullable() }),
  }),
});
export type TDueEmi = z.infer<typeof ZDueEmi>;

/**
 * The Payments Due cards over the whole filter, in rupees: total_to_collect (amount + late charge of
 * the pending rows), overdue (rows with a late charge), pending (pending rows), late_charges (all rows).
 */
export const ZDueTotals = z.object({
  total_to_collect: z.number(),
  overdue: z.number(),
  pending: z.number(),
  late_charges: z.number(),
  /** Open rows (pending or current bounced) of the filter, and what they owe (amount + late charge). */
  open_count: z.number(),
  open_amount: z.number(),
});
export type TDueTotalsView = z.infer<typeof ZDueTotals>;

/**
 * GET /loans/emis/due: one page of the day's EMIs of approved loans, by loan then EMI number;
 * `date`, `dates` and `status` as applied. `next_cursor` asks for the next page (null on the last one). The
 * first page (no cursor) also answers `total` (rows of the whole filter) and `totals`; pages after it
 * answer them null, since they describe the filter, not a page.
 */
export const ZDueEmisResponse = z.object({
  date: z.string(),
  status: z.enum(DUE_STATUS_FILTERS),
  dates: z.enum(DUE_DATE_SCOPES),
  emis: z.array(ZDueEmi),
  limit: z.number(),
  next_cursor: z.string().nullable(),
  total: z.number().nullable(),
  totals: ZDueTotals.nullable(),
});
export type TDueEmisResponse = z.infer<typeof ZDueEmisResponse>;
