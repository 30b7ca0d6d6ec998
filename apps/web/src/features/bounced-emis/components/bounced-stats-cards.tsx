import { StatCards } from '../../../components/stat-cards';
import { formatMoney } from '../../../lib/format';
import type { TBouncedStats } from '../api/get-bounced-stats';

/** Total Bounced, Pending Recovery, Recovered, Total Amount. */
export const BouncedStatsCards = ({ stats }: { stats: TBouncedStats | undefined }) => (
  <StatCards
    testIdPrefix="bounced-card"
    span={{ base: 6, md: 3 }}
    cards={[
      { label: 'Total Bounced', value: String(stats?.totalBounced ?? 0), color: 'red.7' },
      { label: 'Pending Recovery', value: String(stats?.pendingRecovery ?? 0), color: 'orange.7' },
      { label: 'Recovered', value: String(stats?.recovered ?? 0), color: 'green.7' },
      { label: 'Total Amount', value: formatMoney(stats?.totalAmount ?? 0) },
    ]}
  />
);
