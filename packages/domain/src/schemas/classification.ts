import { z } from 'zod';
import { CLASS_CHANGE_REASONS, LOAN_CLASSES, REGISTER_CLASSES } from '../classification/rules';
import { queryFields, ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';
import { JOB_STATUSES } from './jobs';
import { ZCalendarDate } from './primitives';

/** The messages of the classification's calls, as the screens show them. */
export const classificationMessages = {
  loanClass: `Class must be one of: ${REGISTER_CLASSES.join(', ')}`,
  format: 'Format must be csv or xlsx',
  changed: 'Changed must be true or false',
  rerun: 'Re-run must be true or false',
  noClose: 'No day-end close has run yet',
  notClosable:
    'That business day has not ended yet: it can be closed after its close time, or once it is past',
  alreadyClosed: 'That business day is already closed; tick "Run again if already closed" to close it again',
  started: (day: string) => `Day-end close of ${day} started: it is on the Jobs screen`,
} as const;

export const REGISTER_PAGE_SIZE = 50;
export const CLOSE_PAGE_SIZE = 20;

const ZRegisterClass = z.enum(REGISTER_CLASSES, { error: classificationMessages.loanClass });
const ZQueryFlag = (message: string) =>
  z.enum(['true', 'false'], { error: message }).transform((value) => value === 'true');

/**
 * GET /classification/register (and its export): the SMA/NPA register of one closed business day
 * (the latest close when `date` is absent), optionally one class, one agent, or only the loans whose
 * class changed at that close.
 */
export const ZRegisterQuery = ZQuery({
  page: ZPageQuery,
  pageSize: ZQueryInteger('pageSize', 1, 500, REGISTER_PAGE_SIZE),
  date: ZCalendarDate().optional(),
  loanClass: ZRegisterClass.optional(),
  agentId: ZDbId('Invalid agent').optional(),
  changed: ZQueryFlag(classificationMessages.changed).optional(),
});
export type TRegisterQuery = z.infer<typeof ZRegisterQuery>;

/** GET /classification/register/export: the register's filter and a file format. */
export const ZRegisterExportQuery = ZRegisterQuery.omit({ page: true, pageSize: true }).extend(
  queryFields({ format: z.enum(['csv', 'xlsx'], { error: classificationMessages.format }).default('csv') }),
);
export type TRegisterExportQuery = z.infer<typeof ZRegisterExportQuery>;

const rupees = z.number();

/** A loan in the register: its class at the close, its own, since when, and what it still owes. */
export const ZRegisterRow = z.object({
  loanId: z.number(),
  loanCode: z.string(),
  customer: z.object({ id: z.number(), name: z.string(), mobile: z.string().nullable() }),
  agent: z.object({ id: z.number(), name: z.string() }).nullable(),
  loanClass: z.enum(LOAN_CLASSES),
  ownClass: z.enum(LOAN_CLASSES),
  /** Its class at the close before (standard when it was not in that register). */
  previousClass: z.enum(LOAN_CLASSES),
  byBorrower: z.boolean(),
  daysPastDue: z.number(),
  /** The business day it entered this class. */
  since: z.string(),
  outstanding: rupees,
  arrears: rupees,
});
export type TRegisterRow = z.infer<typeof ZRegisterRow>;

/** Loans and outstanding principal of one class, over the whole filter but the class. */
export const ZClassTotal = z.object({
  loanClass: z.enum(LOAN_CLASSES),
  loans: z.number(),
  outstanding: rupees,
});
export type TClassTotal = z.infer<typeof ZClassTotal>;

/** GET /classification/register: one page of the register, with the totals per class of the day. */
export const ZRegisterPage = z.object({
  /** The closed business day read; null when no close has run yet. */
  asOf: z.string().nullable(),
  closedAt: z.string().nullable(),
  rows: z.array(ZRegisterRow),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  /** Every class (standard too) over the date and agent filter, the book's outstanding beside. */
  classes: z.array(ZClassTotal),
});
export type TRegisterPage = z.infer<typeof ZRegisterPage>;

/** GET /classification/summary: the latest close's NPA share of outstanding principal (the dashboard card). */
export const ZClassificationSummary = z.object({
  asOf: z.string().nullable(),
  outstanding: rupees,
  npaOutstanding: rupees,
  /** NPA outstanding ÷ the book's outstanding principal, in percent to two decimals. */
  npaShare: z.number(),
  classes: z.array(ZClassTotal),
});
export type TClassificationSummary = z.infer<typeof ZClassificationSummary>;

/** A change of a loan's class at a close. */
export const ZClassChange = z.object({
  businessDate: z.string(),
  fromClass: z.enum(LOAN_CLASSES),
  toClass: z.enum(LOAN_CLASSES),
  daysPastDue: z.number(),
  reason: z.enum(CLASS_CHANGE_REASONS),
});
export type TClassChange = z.infer<typeof ZClassChange>;

/** GET /loans/:id/classification: the loan's class at the latest close and its changes, newest first. */
export const ZLoanClassification = z.object({
  asOf: z.string().nullable(),
  loanClass: z.enum(LOAN_CLASSES),
  ownClass: z.enum(LOAN_CLASSES),
  daysPastDue: z.number().nullable(),
  since: z.string().nullable(),
  changes: z.array(ZClassChange),
});
export type TLoanClassification = z.infer<typeof ZLoanClassification>;

/** A day-end close as the Jobs screen's history shows it; timings are ISO instants. */
export const ZDayEndClose = z.object({
  businessDate: z.string(),
  status: z.enum(JOB_STATUSES),
  runs: z.number(),
  loans: z.number(),
  changes: z.number(),
  outstanding: rupees,
  npaOutstanding: rupees,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  startedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  jobId: z.number().nullable(),
  error: z.string().nullable(),
});
export type TDayEndClose = z.infer<typeof ZDayEndClose>;

/** GET /classification/closes: newest business day first. */
export const ZDayEndCloseListQuery = ZQuery({
  page: ZPageQuery,
  pageSize: ZQueryInteger('pageSize', 1, 100, CLOSE_PAGE_SIZE),
});
export type TDayEndCloseListQuery = z.infer<typeof ZDayEndCloseListQuery>;

export const ZDayEndClosePage = z.object({
  closes: z.array(ZDayEndClose),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  /** The time of day (India) the close runs by itself, HH:MM. */
  closeAt: z.string(),
});
export type TDayEndClosePage = z.infer<typeof ZDayEndClosePage>;

/**
 * POST /classification/closes (superadmin): close a business day that has ended. A day already
 * closed runs again only with `rerun`; every closed day after it is closed again after it, in order.
 */
export const ZStartDayEndCloseRequest = z.object({
  businessDate: ZCalendarDate(),
  rerun: z.boolean({ error: classificationMessages.rerun }).default(false),
});
export type TStartDayEndCloseRequest = z.infer<typeof ZStartDayEndCloseRequest>;
