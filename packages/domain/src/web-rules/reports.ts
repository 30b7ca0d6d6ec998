import type { BounceRecordStatus, CreditEventType } from '../lending/types';
import { type Paise, rupeesToPaise } from '../money/paise';
import type { TCollectionRecord } from '../schemas/field';
import { ZBouncedEmisQuery } from '../schemas/reports';

/** The four cards of the collections report's current page, money in paise. */
export type TCollectionPageTotals = {
  agents: number;
  customers: number;
  collected: Paise;
  bounced: Paise;
  collectedCount: number;
  bouncedCount: number;
};

export const collectionPageTotals = (records: readonly TCollectionRecord[]): TCollectionPageTotals => {
  const agents = new Set<number>();
  const customers = new Set<number>();
  const totals = { collected: 0, bounced: 0, collectedCount: 0, bouncedCount: 0 };
  for (const record of records) {
    agents.add(record.collector.id);
    customers.add(record.customer.id);
    const amount = rupeesToPaise(record.amount);
    if (record.status === 'paid') {
      // A refund is cash paid out: it nets the total but is no collection.
      totals.collected += amount;
      if (record.record_type !== 'refund') totals.collectedCount += 1;
    } else {
      totals.bounced += amount;
      totals.bouncedCount += 1;
    }
  }
  return { agents: agents.size, customers: customers.size, ...totals };
};

/**
 * The Bounced EMIs filters' date check, read from the API contract itself: the message
 * when Date To precedes Date From, else null.
 */
export const bouncedDateRangeError = (dateFrom: string | null, dateTo: string | null): string | null => {
  const parsed = ZBouncedEmisQuery.safeParse({
    dateFrom: dateFrom ?? undefined,
    dateTo: dateTo ?? undefined,
  });
  if (parsed.success) return null;
  return parsed.error.issues.find((issue) => issue.path[0] === 'dateTo')?.message ?? null;
};

const BOUNCED_STATUS_LABELS = {
  bounced: 'Bounced',
  recovered: 'Recovered',
  waived: 'Waived',
  written_off: 'Written Off',
} as const satisfies Record<BounceRecordStatus, string>;

/** A bounced EMI's status as shown: its record's status (Bounced, Recovered, Waived, Written Off), else Pending. */
export const bouncedStatusLabel = (
  status: string,
): (typeof BOUNCED_STATUS_LABELS)[BounceRecordStatus] | 'Pending' =>
  Object.hasOwn(BOUNCED_STATUS_LABELS, status)
    ? BOUNCED_STATUS_LABELS[status as BounceRecordStatus]
    : 'Pending';

export const CREDIT_EVENT_LABELS: Record<CreditEventType, string> = {
  EMI_BOUNCED: 'EMI Bounced',
  EMI_PAID_ON_TIME: 'Paid On Time',
  EMI_PAID_LATE: 'Paid Late',
};
