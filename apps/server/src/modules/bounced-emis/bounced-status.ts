import { BOUNCE_RECORD_STATUSES, type BounceRecordStatus } from '@lending/domain';

/** A stored record status as the API names it; a row listed as bounced always has one, `bounced` if unknown. */
export const bounceRecordStatus = (stored: string | null): BounceRecordStatus =>
  BOUNCE_RECORD_STATUSES.find((status) => status === stored) ?? 'bounced';
