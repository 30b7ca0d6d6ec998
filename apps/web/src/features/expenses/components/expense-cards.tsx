import type { TExpenseTotals } from '@lending/domain';
import { StatCards } from '../../../components/stat-cards';
import { formatMoney } from '../../../lib/format';

/** Total Expenses, Total Amount, This Month, Average Amount: over every expense the filters match. */
export const ExpenseCards = ({ totals }: { totals: TExpenseTotals | undefined }) => (
  <StatCards
    testIdPrefix="expense-card"
    span={{ base: 6, md: 3 }}
    cards={[
      { label: 'Total Expenses', value: String(totals?.totalExpenses ?? 0) },
      { label: 'Total Amount', value: formatMoney(totals?.totalAmount ?? 0), color: 'red' },
      { label: 'This Month', value: formatMoney(totals?.thisMonthAmount ?? 0), color: 'orange' },
      { label: 'Average Amount', value: formatMoney(totals?.averageAmount ?? 0) },
    ]}
  />
);
