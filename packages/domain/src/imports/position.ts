import type { Paise } from '../money/paise';
import { importMessages } from './messages';

/** What the lender's sheet says of a loan on the cut-over day; null where the cell is empty. */
export type CutOverPositionInput = {
  perDayEmi: Paise;
  totalEmiDays: number;
  emisPaid: number | null;
  amountPaid: Paise | null;
  carriedDues: Paise | null;
};

/**
 * Where a loan stands on the cut-over day: EMIs 1 … `emisPaid` are settled, `carriedDues` of their
 * instalment money is still owed (carried to the next EMI, as a part payment's shortfall is), and
 * `partPaid` was paid towards the next EMI. `amountPaid` = emisPaid × EMI − carriedDues + partPaid.
 */
export type CutOverPosition = { emisPaid: number; amountPaid: Paise; carriedDues: Paise; partPaid: Paise };

type PositionKey = 'emis_paid' | 'amount_paid' | 'carried_dues';

/**
 * The position from EMIs paid, amount paid and carried dues, whichever are given: amount alone
 * gives whole EMIs and a part of the next; EMIs alone are paid in full less the carried dues; both
 * must agree to within one EMI. Or the column at fault and why.
 */
export const cutOverPosition = (
  input: CutOverPositionInput,
): { ok: true; position: CutOverPosition } | { ok: false; key: PositionKey; message: string } => {
  const { perDayEmi, totalEmiDays, emisPaid, amountPaid } = input;
  const carriedDues = input.carriedDues ?? 0;
  const total = perDayEmi * totalEmiDays;
  const refuse = (key: PositionKey, message: string) => ({ ok: false as const, key, message });
  if (emisPaid === null) {
    if (carriedDues > 0) return refuse('carried_dues', importMessages.carriedWithoutCount);
    const paid = amountPaid ?? 0;
    if (paid > total) return refuse('amount_paid', importMessages.paidOverTotal(paid, total));
    const whole = Math.floor(paid / perDayEmi);
    return {
      ok: true,
      position: { emisPaid: whole, amountPaid: paid, carriedDues: 0, partPaid: paid - whole * perDayEmi },
    };
  }
  if (emisPaid > totalEmiDays)
    return refuse('emis_paid', importMessages.paidOverTenure(emisPaid, totalEmiDays));
  const settled = emisPaid * perDayEmi;
  if (carriedDues > settled)
    return refuse('carried_dues', importMessages.carriedOverPaid(carriedDues, settled));
  if (carriedDues > 0 && emisPaid === totalEmiDays)
    return refuse('carried_dues', importMessages.carriedFromLast);
  const expected = settled - carriedDues;
  const paid = amountPaid ?? expected;
  if (paid < expected) return refuse('amount_paid', importMessages.paidBelowCount(paid, expected, emisPaid));
  if (paid > total) return refuse('amount_paid', importMessages.paidOverTotal(paid, total));
  if (paid - expected >= perDayEmi)
    return refuse('amount_paid', importMessages.paidOverCount(paid, emisPaid));
  return { ok: true, position: { emisPaid, amountPaid: paid, carriedDues, partPaid: paid - expected } };
};
