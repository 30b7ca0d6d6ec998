import type { BounceRecordStatus, CreditEventType } from '../lending/types';
import { type Paise, rupeesToPaise } from '../money/paise';
import type { TCollectionRecord } from '../schemas/field';
import { ZBouncedEmisQuery } from '../schemas/reports';

/** Rows per page of the collections report: 20 by default, these presets, or a custom number. */
export const COLLECTIONS_PAGE_SIZE = 20;
export const ROWS_PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
/** The most rows one page may ask the server for. */
export const MAX_ROWS_PER_PAGE = 1000;

/** Bounced EMIs: 20 a page; the filters wait 400 ms; toasts close after 1 s. */
export const BOUNCED_PAGE_SIZE = 20;
export const BOUNCED_FILTER_DEBOUNCE_MS = 400;
export const BOUNCED_TOAST_MS = 1000;

/** Credit report: 10 events a page. */
export const CREDIT_REPORT_PAGE_SIZE = 10;

export const rowsPerPageMessages = {
  wholeNumber: 'Rows per page must be a whole number greater than 0',
  tooMany: `Rows per page must be at most ${MAX_ROWS_PER_PAGE}`,
} as const;

/** A custom rows-per-page typed by hand: an integer greater than 0, at most 1000. */
export const parseRowsPerPage = (
  text: string | number,
): { ok: true; value: number } | { ok: false; message: string } => {
  const raw = String(text).trim();
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) return { ok: false, message: rowsPerPageMessages.wholeNumber };
  const value = Number(raw);
  if (value > MAX_ROWS_PER_PAGE) return { ok: false, message: rowsPerPageMessages.tooMany };
  return { ok: true, value };
};

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

/** 'Showing 11 to 20 of 45 results'. */
export const showingRange = (page: number, pageSize: number, total: number): string => {
  if (total <= 0) return 'Showing 0 to 0 of 0 results';
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} results`;
};
