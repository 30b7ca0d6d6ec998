import { type Paise, rupeesToPaise } from '../money/paise';
import type { TOverdueEmiRow } from '../schemas/field';
import { daysBetween, type IsoDate, isIsoDate, istDateOf } from '../time/ist';

/** The agent dashboard's search waits this long after typing stops. */
export const AGENT_SEARCH_DEBOUNCE_MS = 300;
/** The overdue list's geometry: 60 px rows in a 400 px high window. */
export const AGENT_LIST_ROW_HEIGHT = 60;
export const AGENT_LIST_HEIGHT = 400;
/** The next page loads once the last row shown is within this many rows of the end. */
export const AGENT_LIST_PREFETCH_ROWS = 5;

/** One loan of the agent's overdue list: its overdue EMIs and their totals, money in paise. */
export type TOverdueLoanGroup = {
  loan_id: number;
  loan_code: string;
  customer_id: number;
  customer_name: string;
  customer_mobile: string | null;
  /** The earliest overdue EMI's date. */
  overdue_since: IsoDate;
  count: number;
  overdue_emi_numbers: number[];
  total_emi_amount: Paise;
  total_late_charges: Paise;
  total_due: Paise;
  /** The overdue EMIs, oldest first. */
  emis: TOverdueEmiRow[];
};

/**
 * The overdue EMIs grouped per loan, in the order the loans first appear. A row seen twice (pages
 * that overlap after the list changed) counts once. Amounts are summed in paise.
 */
export const groupOverdueByLoan = (rows: readonly TOverdueEmiRow[]): TOverdueLoanGroup[] => {
  const groups = new Map<number, TOverdueLoanGroup>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.loan_id}:${row.emi_number}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const amount = rupeesToPaise(row.amount);
    const charge = rupeesToPaise(row.late_charge);
    const group = groups.get(row.loan_id);
    if (group === undefined) {
      groups.set(row.loan_id, {
        loan_id: row.loan_id,
        loan_code: row.loan_code,
        customer_id: row.customer_id,
        customer_name: row.customer_name,
        customer_mobile: row.customer_mobile,
        overdue_since: row.emi_date,
        count: 1,
        overdue_emi_numbers: [row.emi_number],
        total_emi_amount: amount,
        total_late_charges: charge,
        total_due: amount + charge,
        emis: [row],
      });
      continue;
    }
    if (row.emi_date < group.overdue_since) group.overdue_since = row.emi_date;
    group.count += 1;
    group.overdue_emi_numbers.push(row.emi_number);
    group.total_emi_amount += amount;
    group.total_late_charges += charge;
    group.total_due += amount + charge;
    group.emis.push(row);
  }
  const result = [...groups.values()];
  for (const group of result) {
    group.overdue_emi_numbers.sort((a, b) => a - b);
    group.emis.sort((a, b) => a.emi_number - b.emi_number);
  }
  return result;
};

/**
 * The agent dashboard's Success Rate: overdue loan count ÷ (that count + 10), as a
 * percentage rounded to one decimal.
 */
export const agentSuccessRate = (overdueLoanCount: number): number => {
  const count = Math.max(0, overdueLoanCount);
  return Math.round((count * 1000) / (count + 10)) / 10;
};

/** Today's date in Asia/Kolkata. */
export const istToday = (now: Date = new Date()): IsoDate => istDateOf(now);

/**
 * The date of the earliest pending EMI dated today or later, or null ("Next EMI In").
 */
export const nextPendingEmiDate = (
  emis: readonly { status: string; emi_date: string }[],
  today: IsoDate,
): IsoDate | null => {
  let next: IsoDate | null = null;
  for (const emi of emis) {
    if (emi.status !== 'pending' || !isIsoDate(emi.emi_date) || emi.emi_date < today) continue;
    if (next === null || emi.emi_date < next) next = emi.emi_date;
  }
  return next;
};

/** 'Today', 'Tomorrow', 'N days' or 'N/A' for the next EMI's date. */
export const nextEmiIn = (nextEmiDate: string | null | undefined, today: IsoDate): string => {
  if (nextEmiDate === null || nextEmiDate === undefined || !isIsoDate(nextEmiDate)) return 'N/A';
  const days = daysBetween(today, nextEmiDate);
  if (days < 0) return 'N/A';
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `${days} days`;
};

/** Whole days since a bounce (its Asia/Kolkata date) up to today; never negative. */
export const bounceAgeDays = (bouncedAt: string, today: IsoDate): number => {
  const day = isIsoDate(bouncedAt) ? bouncedAt : istDateOf(new Date(bouncedAt));
  if (!isIsoDate(day)) return 0;
  return Math.max(0, daysBetween(day, today));
};

/** '1 day', '5 days'. */
export const daysLabel = (days: number): string => (days === 1 ? '1 day' : `${days} days`);

/**
 * The collections report's range as the server takes it: 'YYYY-MM-DD HH:mm:ss' in
 * Asia/Kolkata, from the start of the first day to the end of the last.
 */
export const istDayRange = (
  from: IsoDate | null,
  to: IsoDate | null,
): { startDate?: string; endDate?: string } => ({
  ...(from !== null && isIsoDate(from) ? { startDate: `${from} 00:00:00` } : {}),
  ...(to !== null && isIsoDate(to) ? { endDate: `${to} 23:59:59` } : {}),
});
