import { paiseToRupees, RECENT_ACTIVITY_LIMIT, type TRecentActivities } from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import { newestBounces, newestLoans, newestPayments, newestUsers } from './activity-repository';

type Raw = Record<string, string | number | null>;
const int = (value: unknown) => Number(value);
const text = (value: unknown) => String(value ?? '');
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));
const rupees = (value: unknown) => paiseToRupees(Number(value ?? 0));

const loanOf = (row: Raw) => ({
  id: int(row.id),
  loan_code: text(row.loan_code),
  customer_name: text(row.customer_name),
  loan_amount: rupees(row.loan_amount),
  status: text(row.status),
  created_at: text(row.created_at),
});

const paymentOf = (row: Raw) => ({
  id: int(row.id),
  loan_id: int(row.loan_id),
  loan_code: text(row.loan_code),
  customer_name: text(row.customer_name),
  emi_number: row.emi_number === null ? null : int(row.emi_number),
  amount: rupees(row.amount),
  payment_mode: textOrNull(row.payment_mode),
  collected_by: textOrNull(row.collected_by),
  paid_at: text(row.paid_at),
  updated_at: text(row.updated_at),
});

const bounceOf = (row: Raw) => ({
  id: int(row.id),
  loan_id: int(row.loan_id),
  loan_code: text(row.loan_code),
  customer_name: text(row.customer_name),
  emi_number: int(row.emi_number),
  amount: rupees(row.amount),
  reason: textOrNull(row.reason),
  bounced_at: text(row.bounced_at),
});

const userOf = (row: Raw) => ({
  id: int(row.id),
  name: text(row.name),
  role: text(row.role),
  created_at: text(row.created_at),
});

/** The recent-activity feed's sources: the newest loans, payments, bounces and users, each newest first. */
export const recentActivities = async ({ db }: AppDeps): Promise<TRecentActivities> => {
  const [loans, payments, bounces, users] = await Promise.all([
    newestLoans(db, RECENT_ACTIVITY_LIMIT),
    newestPayments(db, RECENT_ACTIVITY_LIMIT),
    newestBounces(db, RECENT_ACTIVITY_LIMIT),
    newestUsers(db, RECENT_ACTIVITY_LIMIT),
  ]);
  return {
    recentLoans: loans.map(loanOf),
    recentPayments: payments.map(paymentOf),
    recentBounces: bounces.map(bounceOf),
    recentUsers: users.map(userOf),
  };
};
