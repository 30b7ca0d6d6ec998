import { StatCards } from '../../../components/stat-cards';
import { formatMoney } from '../lib/loan-format';

type TLoanStatsCardsProps = {
  total: number;
  accepted: number;
  pending: number;
  completed: number;
  /** Rupees. */
  totalAmount: number;
};

/** The five cards */
export const LoanStatsCards = ({
  total,
  accepted,
  pending,
  completed,
  totalAmount,
}: TLoanStatsCardsProps) => (
  <StatCards
    testIdPrefix="loan-card"
    span={{ base: 6, sm: 4, lg: 'auto' }}
    cards={[
      { label: 'Total Loans', value: String(total) },
      { label: 'Accepted Loans', value: String(accepted), color: 'blue' },
      { label: 'Pending', value: String(pending), color: 'yellow' },
      { label: 'Completed', value: String(completed), color: 'green', span: { base: 6, sm: 6, lg: 'auto' } },
      { label: 'Total Amount', value: formatMoney(totalAmount), span: { base: 12, sm: 6, lg: 'auto' } },
    ]}
  />
);
