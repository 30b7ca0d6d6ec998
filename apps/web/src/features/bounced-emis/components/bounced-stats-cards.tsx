import { StatCards } from '../../../components/stat-cards';
import { formatMoney } from '../../../lib/format';
import type { TBouncedStats } from '../api/get-bounced-stats';

/** Total Bounced, Pending Recovery, Recovered, Total Amount. */
export const BouncedStatsCards = ({ stats }: { stats: TBouncedStats | undefined }) => (
  <StatCards
    testIdPrefix="bounced-card"
    span={{ base: 6, md: 3 }}
    cards={[
      { label: 'Total Bounced', value: String(stats?.totalBounced ?? 0), color: 'red' },
      { label: 'Pending Recovery', value: String(stats?.pendingRecovery ?? 0), color: 'orange' },
      { label: 'Recovered', value: String(stats?.recovered ?? 0), color: 'green' },
      { label: 'Total Amount', value: formatMoney(stats?.totalAmount ?? 0) },
    ]}
  />
);
