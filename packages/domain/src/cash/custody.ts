import { formatRupees } from '../money/paise';
import { daysBetween, type IsoDate } from '../time/ist';
import type { CashRefusalCode } from './refusals';

/** One business day of a collector's cash: cash collected less cash refunds paid, in paise. */
export type CashDay = { date: IsoDate; net: number };

/** What a handover moves: `declared` leaves the collector's hand, `received` reaches the office. */
export type HandoverFigures = { declared: number; received: number; difference: number };

/** Cash held longer than this many days is flagged on the Cash in Hand screen. */
export const CASH_AGE_WARN_DAYS = 1;

/**
 * A collector's cash in hand: cash collected − cash refunds paid − Σ declared of their handovers,
 * where declared = received − difference (a shortfall is negative, an excess positive).
 */
export const cashInHand = (net: number, handovers: { received: number; difference: number }[]): number =>
  handovers.reduce((held, h) => held - (h.received - h.difference), net);

/** The difference of a handover: counted cash (received) − what the collector handed over by the books. */
export const handoverFigures = (declared: number, received: number): HandoverFigures => ({
  declared,
  received,
  difference: received - declared,
});

export type HandoverCheck =
  | { ok: true; figures: HandoverFigures }
  | { ok: false; code: CashRefusalCode; message: string };

/**
 * Whether a handover may be recorded: what the collector hands over by the books (`declared`) is
 * above 0 and at most what they hold; a counted amount that differs needs a reason, so a shortfall
 * or excess is always explained, never absorbed.
 */
export const checkHandover = (input: {
  held: number;
  declared: number;
  received: number;
  reason?: string | null;
}): HandoverCheck => {
  if (input.declared > input.held)
    return {
      ok: false,
      code: 'CASH_HANDOVER_EXCEEDS_HELD',
      message: `The collector holds ${rupees(input.held)}; a handover of ${rupees(input.declared)} is more than that.`,
    };
  const figures = handoverFigures(input.declared, input.received);
  if (figures.difference !== 0 && !input.reason?.trim())
    return {
      ok: false,
      code: 'CASH_DIFFERENCE_NEEDS_REASON',
      message: `The cash counted differs from the amount handed over by ${rupees(Math.abs(figures.difference))}: give a reason.`,
    };
  return { ok: true, figures };
};

const rupees = (paise: number) => formatRupees(paise, 'auto');

/**
 * The oldest business day whose cash is still in hand, first in first out: handovers relieve the
 * oldest cash first, so the answer is the first day at which the running cash (oldest first) is
 * more than everything relieved so far. Null when nothing is held.
 */
export const oldestHeldDay = (days: readonly CashDay[], relieved: number): IsoDate | null => {
  const ordered = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const total = ordered.reduce((sum, day) => sum + day.net, 0);
  if (total - relieved <= 0) return null;
  let running = 0;
  for (const day of ordered) {
    running += day.net;
    if (running > relieved) return day.date;
  }
  return null;
};

/** How many whole days the oldest cash has been held (0 on the day it was collected). */
export const cashAgeDays = (oldest: IsoDate | null, today: IsoDate): number | null =>
  oldest === null ? null : Math.max(0, daysBetween(oldest, today));

/** Whether a position's age is flagged: cash held for more than a day. */
export const isCashOverdue = (ageDays: number | null): boolean =>
  ageDays !== null && ageDays > CASH_AGE_WARN_DAYS;

/** The messages of a payment, refund or handover refused on a closed day. */
export const cashMessages = {
  dayClosed: (date: IsoDate) =>
    `The collector's business day ${date} is closed; collections after close belong to the next day.`,
  handoverDayClosed: (date: IsoDate) =>
    `The collector's business day ${date} is closed; a handover after close belongs to the next day.`,
  alreadyClosed: (date: IsoDate) => `The business day ${date} is already closed for this collector.`,
  futureDay: 'A business day after today cannot be closed.',
  toSelf: 'You cannot receive a handover of your own cash; another admin must receive it.',
  collectorNotFound: 'Collector not found',
  handedOver: 'Handover recorded',
  closed: 'Business day closed',
} as const;
