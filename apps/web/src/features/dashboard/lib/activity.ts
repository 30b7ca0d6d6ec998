import { RECENT_ACTIVITY_LIMIT, type TRecentActivities } from '@lending/domain';
import { formatMoney } from '../../../lib/format';

/** One line of Recent Activity: who, what, how much, when, and the colour of its kind. */
export type TActivityItem = {
  key: string;
  type: 'loan' | 'payment' | 'bounce' | 'user';
  user: string;
  detail: string;
  amount: number | null;
  time: string;
  color: 'blue' | 'green' | 'red' | 'yellow';
};

const ACTIVITY_COLORS: Record<TActivityItem['type'], TActivityItem['color']> = {
  loan: 'blue',
  payment: 'green',
  bounce: 'red',
  user: 'yellow',
};

const item = (
  type: TActivityItem['type'],
  id: number,
  rest: Omit<TActivityItem, 'key' | 'type' | 'color'>,
) => ({
  key: `${type}-${id}`,
  type,
  color: ACTIVITY_COLORS[type],
  ...rest,
});

/** The four sources merged into the 8 newest items, newest first. */
export const activityItems = (sources: TRecentActivities): TActivityItem[] =>
  [
    ...sources.recentLoans.map((loan) =>
      item('loan', loan.id, {
        user: loan.customer_name,
        detail: `New loan ${loan.loan_code} of ${formatMoney(loan.loan_amount)}`,
        amount: loan.loan_amount,
        time: loan.created_at,
      }),
    ),
    ...sources.recentPayments.map((payment) =>
      item('payment', payment.id, {
        user: payment.customer_name,
        detail:
          payment.emi_number === null
            ? `Payment on ${payment.loan_code}`
            : `EMI ${payment.emi_number} of ${payment.loan_code} paid${payment.collected_by ? ` to ${payment.collected_by}` : ''}`,
        amount: payment.amount,
        time: payment.paid_at,
      }),
    ),
    ...sources.recentBounces.map((bounce) =>
      item('bounce', bounce.id, {
        user: bounce.customer_name,
        detail: `EMI ${bounce.emi_number} of ${bounce.loan_code} bounced${bounce.reason ? `: ${bounce.reason}` : ''}`,
        amount: bounce.amount,
        time: bounce.bounced_at,
      }),
    ),
    ...sources.recentUsers.map((user) =>
      item('user', user.id, {
        user: user.name,
        detail: `Joined as ${user.role}`,
        amount: null,
        time: user.created_at,
      }),
    ),
  ]
    .sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0))
    .slice(0, RECENT_ACTIVITY_LIMIT);
