/** Why a call on the day-end close is refused. */
export const CLASSIFICATION_REFUSALS = {
  DAY_END_ALREADY_CLOSED:
    'The day-end close of that business day has already run; ask for a re-run to run it again.',
  DAY_END_NOT_CLOSABLE:
    'A business day can be closed only once it has ended: after its close time, or a past day.',
} as const;
/** A refusal code of the day-end close. */
export type ClassificationRefusalCode = keyof typeof CLASSIFICATION_REFUSALS;
