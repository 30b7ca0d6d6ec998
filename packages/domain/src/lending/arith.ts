import type { Paise } from '../money';

/**
 * Floor division of a non-negative safe integer by a positive one, exactly: `a / b` on floats can
 * round up to the next integer near 2^53, so the remainder is taken off first.
 */
export const intDiv = (a: number, b: number): number => (a - (a % b)) / b;

/**
 * The partial-payment charge: 10% of the remaining paise, rounded half-up to a whole rupee, in paise.
 * 10% of r paise is r/1000 rupees; adding half a rupee's worth (500) before the floor rounds half up.
 */
export const partialCharge = (remaining: Paise): Paise => intDiv(remaining + 500, 1000) * 100;

/** floor(a × b ÷ c) for non-negative safe integers, exact even when a × b passes 2^53. */
export const mulDiv = (a: number, b: number, c: number): number =>
  Number((BigInt(a) * BigInt(b)) / BigInt(c));

/** Whether a value is a whole number of paise that JavaScript holds exactly. */
export const isPaise = (value: unknown): value is Paise =>
  typeof value === 'number' && Number.isSafeInteger(value);
