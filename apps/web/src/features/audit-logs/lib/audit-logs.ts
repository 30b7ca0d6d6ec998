import type { TAuditLog } from '@lending/domain';
import { toCsv } from '../../../lib/csv';

/** Categories the audit screen colours and counts rows by, from the action's prefix. */
export type TAuditCategory = 'user' | 'role' | 'emi' | 'expense' | 'support' | 'app' | 'login' | 'other';

export const AUDIT_CATEGORY_LABELS: Record<TAuditCategory, string> = {
  user: 'User',
  role: 'Role',
  emi: 'EMI',
  expense: 'Expense',
  support: 'Support',
  app: 'App',
  login: 'Login',
  other: 'Other',
};

const PREFIXES: readonly (readonly [string, TAuditCategory])[] = [
  ['user_', 'user'],
  ['role_', 'role'],
  ['emi_', 'emi'],
  ['expense_', 'expense'],
  ['support_', 'support'],
  ['app_', 'app'],
  ['login', 'login'],
];

/** `permissions_updated` is a role change though it does not start with `role_`. */
export const auditCategoryOf = (action: string): TAuditCategory => {
  if (action === 'permissions_updated') return 'role';
  return PREFIXES.find(([prefix]) => action.startsWith(prefix))?.[1] ?? 'other';
};

/** Typing the action waits this long before asking the server again. */
export const AUDIT_ACTION_DEBOUNCE_MS = 400;

/** The time ranges offered; they filter the page already loaded, not the server's query. */
export const AUDIT_TIME_RANGES = ['all', '24h', '7d', '30d'] as const;
export type TAuditTimeRange = (typeof AUDIT_TIME_RANGES)[number];

export const AUDIT_TIME_RANGE_LABELS: Record<TAuditTimeRange, string> = {
  all: 'All time',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

const HOUR_MS = 3_600_000;
const RANGE_MS: Record<Exclude<TAuditTimeRange, 'all'>, number> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
};

/** The rows of a loaded page that fall within the range ending at `now`. */
export const withinAuditRange = <T extends Pick<TAuditLog, 'created_at'>>(
  logs: readonly T[],
  range: TAuditTimeRange,
  now: Date,
): T[] => {
  if (range === 'all') return [...logs];
  const since = now.getTime() - RANGE_MS[range];
  return logs.filter((log) => Date.parse(log.created_at) >= since);
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60 * 1000;
const two = (n: number) => String(n).padStart(2, '0');

/** An instant in Asia/Kolkata as 'DD-MMM-YYYY HH:mm:ss' (24 Nov 2026 09:05:01 IST → '24-Nov-2026 09:05:01'). */
export const formatAuditTime = (iso: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const d = new Date(time + IST_OFFSET_MS);
  const date = `${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
  return `${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
};

export const AUDIT_CSV_HEADERS = [
  'ID',
  'Time (IST)',
  'Actor',
  'User ID',
  'Action',
  'Category',
  'Resource Type',
  'Resource ID',
  'IP Address',
  'User Agent',
  'Metadata',
] as const;

/** The CSV of the rows shown (after every filter), one line per row, metadata as JSON. */
export const auditLogsCsv = (logs: readonly TAuditLog[]): string =>
  toCsv(
    AUDIT_CSV_HEADERS,
    logs.map((log) => [
      log.id,
      formatAuditTime(log.created_at),
      log.actor,
      log.user_id,
      log.action,
      AUDIT_CATEGORY_LABELS[auditCategoryOf(log.action)],
      log.resource_type,
      log.resource_id,
      log.ip_address,
      log.user_agent,
      JSON.stringify(log.metadata),
    ]),
  );

/** 'audit-logs-2026-11-24T09-05-01.csv': the export's name, stamped with the moment (UTC) it was taken. */
export const auditCsvFileName = (now: Date): string =>
  `audit-logs-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.csv`;
