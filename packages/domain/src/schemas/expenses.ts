import { z } from 'zod';
import type { Paise } from '../money/paise';
import { addDays, type IsoDate, isIsoDate, istDateOf, istStartOfDay } from '../time/ist';
import { monthWindowsOf } from '../time/months';
import { listQueryFields, ZDbId, ZQuery } from './common';
import { capped, ZPositiveRupees } from './money';
import { ZCalendarDate, ZText } from './primitives';

/** Expense Management lists 20 a page; its search and filters apply 400 ms after the last keystroke. */
export const EXPENSE_PAGE_SIZE = 20;
export const EXPENSE_FILTER_DEBOUNCE_MS = 400;
export const EXPENSE_NAME_MAX = 100;
export const EXPENSE_REASON_MAX = 500;
/** ₹1,00,00,000: far above any day's spending, so a mistyped amount is refused rather than booked. */
export const EXPENSE_MAX_PAISE: Paise = 1_000_000_000;

export const expenseMessages = {
  required: 'All fields are required',
  nameTooLong: `Expense name must be at most ${EXPENSE_NAME_MAX} characters`,
  reasonTooLong: `Reason must be at most ${EXPENSE_REASON_MAX} characters`,
  startAfterEnd: 'Start date cannot be after end date',
  future: 'Dates cannot be in the future',
  notFound: 'Expense not found',
  added: 'Expense added successfully',
  updated: 'Expense updated successfully',
  deleted: 'Expense deleted successfully',
} as const;

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const requiredText = (label: string, max: number, tooLong: string) =>
  ZText(label, { error: expenseMessages.required }).trim().min(1, expenseMessages.required).max(max, tooLong);

/** Missing, null or blank answers 'All fields are required' before any check of the amount itself. */
const ZExpenseAmount = z.preprocess(
  blankToUndefined,
  z
    .unknown()
    .refine((value) => value !== undefined, { error: expenseMessages.required, abort: true })
    .pipe(capped(ZPositiveRupees, EXPENSE_MAX_PAISE)),
);

/** POST /expenses and PUT /expenses/{id}: all three fields, names and reasons trimmed. */
export const ZExpenseRequest = z.object({
  expense_name: requiredText('expense_name', EXPENSE_NAME_MAX, expenseMessages.nameTooLong),
  reason: requiredText('reason', EXPENSE_REASON_MAX, expenseMessages.reasonTooLong),
  amount_paid: ZExpenseAmount,
});
export type TExpenseRequest = z.infer<typeof ZExpenseRequest>;

/**
 * A range bound: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' (IST) or an ISO moment (the start or end of a
 * day as a browser sends it), read as its Asia/Kolkata calendar day. Blank means no bound.
 */
const ZDayBound = z
  .string()
  .transform((value) => {
    // 'YYYY-MM-DD HH:mm:ss' is already Asia/Kolkata local time.
    if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)) return value.slice(0, 10);
    if (isIsoDate(value) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
    const at = Date.parse(value);
    return Number.isNaN(at) ? value : istDateOf(new Date(at));
  })
  .pipe(ZCalendarDate())
  .optional();

/** GET /expenses: page, limit (20), search, userId, startDate/endDate (whole IST days, both included). */
export const ZExpensesQuery = ZQuery({
  ...listQueryFields(EXPENSE_PAGE_SIZE),
  userId: ZDbId('Invalid user').optional(),
  startDate: ZDayBound,
  endDate: ZDayBound,
}).refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
  message: expenseMessages.startAfterEnd,
  path: ['endDate'],
});
export type TExpensesQuery = z.infer<typeof ZExpensesQuery>;

/**
 * The date filter's rule, shared by the screen and the server: start not after end, neither after
 * `today` (Asia/Kolkata). The message, or null when the range is fine.
 */
export const expenseDateRangeError = (
  startDate: string | undefined,
  endDate: string | undefined,
  today: IsoDate,
): string | null => {
  if ((startDate && startDate > today) || (endDate && endDate > today)) return expenseMessages.future;
  if (startDate && endDate && startDate > endDate) return expenseMessages.startAfterEnd;
  return null;
};

/** The instants an IST calendar month starts and ends (exclusive), for "This Month". */
export const istMonthBounds = (today: IsoDate): { from: Date; to: Date } => {
  const month = monthWindowsOf(today);
  return { from: istStartOfDay(month.currentStart), to: istStartOfDay(month.nextStart) };
};

/** The instants a whole-day IST range covers: from the start of `startDate` to the end of `endDate`. */
export const istDayInstants = (startDate?: IsoDate, endDate?: IsoDate): { from?: Date; to?: Date } => ({
  from: startDate ? istStartOfDay(startDate) : undefined,
  to: endDate ? istStartOfDay(addDays(endDate, 1)) : undefined,
});

export const ZExpense = z.object({
  id: z.number(),
  expense_name: z.string(),
  reason: z.string(),
  amount_paid: z.number(),
  created_at: z.string(),
  userId: z.number().nullable(),
  user_name: z.string().nullable(),
});
export type TExpense = z.infer<typeof ZExpense>;

/** Totals over every expense the filters match, in rupees; "this month" is the current IST month. */
export const ZExpenseTotals = z.object({
  totalExpenses: z.number(),
  totalAmount: z.number(),
  thisMonthAmount: z.number(),
  averageAmount: z.number(),
});
export type TExpenseTotals = z.infer<typeof ZExpenseTotals>;

export const ZExpensesResponse = ZExpenseTotals.extend({
  expenses: z.array(ZExpense),
  page: z.number(),
  totalPages: z.number(),
});
export type TExpensesResponse = z.infer<typeof ZExpensesResponse>;

export const ZExpenseSaved = z.object({ message: z.string(), expense: ZExpense });
export type TExpenseSaved = z.infer<typeof ZExpenseSaved>;

/** GET /expenses/dashboard: the caller's expenses overall, this IST month and last. */
export const ZExpenseDashboard = ZExpenseTotals.extend({
  thisMonthCount: z.number(),
  lastMonthAmount: z.number(),
});
export type TExpenseDashboard = z.infer<typeof ZExpenseDashboard>;

/** GET /expenses/agents: whom the Filter by User select offers (staff who record expenses). */
export const ZExpenseUsersResponse = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string(), role: z.string() })),
});
export type TExpenseUsersResponse = z.infer<typeof ZExpenseUsersResponse>;
