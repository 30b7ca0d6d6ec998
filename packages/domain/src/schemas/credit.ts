import { z } from 'zod';
import { MAX_LOAN_AMOUNT_PAISE } from '../lending/limits';
import { PAYMENT_MODES } from '../lending/types';
import { formatRupees, type Paise } from '../money/paise';
import { ZCollectedAt } from './emis';
import { ZEmiView } from './loans';
import { capped, ZPositiveRupees } from './money';
import { ZText } from './primitives';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** POST /loans/{id}/apply-credit: a JSON body (`{}`), optionally with notes for the audit row. */
export const ZApplyCreditRequest = z.object({
  notes: z.preprocess(blankToUndefined, ZText('notes').trim().max(1000).optional()),
});
export type TApplyCreditRequest = z.infer<typeof ZApplyCreditRequest>;

/** POST /loans/{id}/apply-credit: credit held paid EMIs (whole EMIs, oldest first). */
export const ZApplyCreditResponse = z.object({
  message: z.string(),
  /** Credit applied now (rupees). */
  applied: z.number(),
  /** Credit held left (rupees). */
  credit_held: z.number(),
  emis: z.array(ZEmiView),
});
export type TApplyCreditResponse = z.infer<typeof ZApplyCreditResponse>;

/** POST /loans/{id}/refund: credit held paid back to the borrower once the loan is closed. */
export const ZRefundRequest = z.object({
  amount: ZPositiveRupees,
  payment_mode: z.enum(PAYMENT_MODES, { error: 'Unknown payment mode' }),
  notes: z.preprocess(blankToUndefined, ZText('notes').trim().max(1000).optional()),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

export const ZRefundResponse = z.object({
  message: z.string(),
  refunded: z.number(),
  credit_held: z.number(),
});
export type TRefundResponse = z.infer<typeof ZRefundResponse>;

/**
 * POST /loans/{id}/hold-cash: cash a collector took that can no longer be applied as collected (a
 * sync conflict on the phone), recorded as the loan's credit held. `reason` is the refusal code the
 * phone's collection met (kept in the audit row); `collected_at` the phone's time of collection.
 */
export const ZHoldCashRequest = z.object({
  amount: capped(ZPositiveRupees, MAX_LOAN_AMOUNT_PAISE),
  payment_mode: z.enum(PAYMENT_MODES, { error: 'Unknown payment mode' }),
  collected_at: ZCollectedAt,
  reason: z.preprocess(blankToUndefined, ZText('reason').trim().max(64).optional()),
  notes: z.preprocess(blankToUndefined, ZText('notes').trim().max(1000).optional()),
});
export type THoldCashRequest = z.infer<typeof ZHoldCashRequest>;

export const ZHoldCashResponse = z.object({
  message: z.string(),
  /** The cash recorded now (rupees). */
  held: z.number(),
  /** The loan's credit held after it (rupees). */
  credit_held: z.number(),
});
export type THoldCashResponse = z.infer<typeof ZHoldCashResponse>;

/** The success messages of the credit calls. */
export const creditMessages = {
  applied: (paise: Paise, emis: number) =>
    `Credit of ${formatRupees(paise, 2)} applied to ${emis} EMI${emis === 1 ? '' : 's'}`,
  refunded: (paise: Paise) => `Refund of ${formatRupees(paise, 2)} recorded`,
  held: (paise: Paise) => `${formatRupees(paise, 2)} recorded as the loan's credit held`,
};
