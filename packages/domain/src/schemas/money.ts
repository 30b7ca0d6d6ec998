import { z } from 'zod';
import { isRupeeAmount } from '../money/paise';

/** A rupee amount as the API carries it: a JSON number (or form text) with at most 2 decimals. */
export const ZRupees = z.coerce
  .number({ error: 'Amount must be a number' })
  .refine(Number.isFinite, 'Amount must be a number')
  .refine(isRupeeAmount, 'Amount may have at most 2 decimals');

/** A rupee amount above zero. */
export const ZPositiveRupees = ZRupees.refine((value) => value > 0, 'Amount must be greater than 0');

/** A rupee amount of zero or more. */
export const ZNonNegativeRupees = ZRupees.refine((value) => value >= 0, 'Amount cannot be negative');
