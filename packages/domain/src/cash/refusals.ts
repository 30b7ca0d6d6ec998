/** Why the cash custody calls refuse (handovers, day closes, and payments on a closed day). */
export const CASH_REFUSALS = {
  CASH_DAY_CLOSED:
    "The collector's business day is closed: no payment, refund or handover is recorded on it any more (collections after close belong to the next day).",
  CASH_DAY_ALREADY_CLOSED:
    "The collector's business day was already closed; a closed day is never closed again.",
  CASH_DAY_IN_FUTURE: 'A business day after today cannot be closed.',
  CASH_HANDOVER_EXCEEDS_HELD: 'The amount handed over is more than the cash the collector holds.',
  CASH_DIFFERENCE_NEEDS_REASON:
    'The cash counted differs from the amount handed over: a reason for the shortfall or excess is required.',
  CASH_HANDOVER_TO_SELF: 'An admin cannot receive a handover of their own cash; another admin receives it.',
  COLLECTOR_NOT_FOUND: 'No user with that id has collected cash or may collect it.',
} as const;
/** A cash custody refusal's code. */
export type CashRefusalCode = keyof typeof CASH_REFUSALS;
