import { z } from 'zod';
import { formatRupees, MONEY_MESSAGES, type Paise, paiseToRupees, parseRupees } from '../money/paise';

/**
 * A rupee amount as the API carries it: a JSON number, or form text, with at most 2 decimals, read
 * from its decimal text (never through a float product). The output is rupees, exactly the amount sent.
 */
export const ZRupees = z
  .union([z.number(), z.string()], { error: MONEY_MESSAGES.notANumber })
  .transform((raw, ctx): number => {
    const parsed = parseRupees(raw);
    if (parsed.ok) return paiseToRupees(parsed.paise);
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

/** A rupee amount above zero. */
export const ZPositiveRupees = ZRupees.refine((value) => value > 0, 'Amount must be greater than 0');

/** A rupee amount of zero or more. */
export const ZNonNegativeRupees = ZRupees.refine((value) => value >= 0, 'Amount cannot be negative');

/** The message of an amount above a cap: 'Amount cannot exceed ₹10,00,000'. */
export const amountCapMessage = (maxPaise: Paise) => `Amount cannot exceed ${formatRupees(maxPaise, 'auto')}`;

/** `schema` (one of the above) capped at `maxPaise`, compared in paise. */
export const capped = <T extends z.ZodType<number>>(schema: T, maxPaise: Paise) =>
  schema.refine((value) => value <= paiseToRupees(maxPaise), amountCapMessage(maxPaise));
