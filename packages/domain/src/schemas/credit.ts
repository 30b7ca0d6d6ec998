import { z } from 'zod';
import { PAYMENT_MODES } from '../lending/types';
import { formatRupees, type Paise } from '../money/paise';
import { ZEmiView } from './loans';
import { ZPositiveRupees } from './money';
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

/** The success messages of the credit calls. */
export const creditMessages = {
  applied: (paise: Paise, emis: number) =>
    `Credit of ${formatRupees(paise, 2)} applied to ${emis} EMI${emis === 1 ? '' : 's'}`,
  refunded: (paise: Paise) => `Refund of ${formatRupees(paise, 2)} recorded`,
};
