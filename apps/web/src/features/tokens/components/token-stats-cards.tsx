import type { TTokenStats } from '@lending/domain';
import { StatCards } from '../../../components/stat-cards';

/** Total, Active, Expired. */
export const TokenStatsCards = ({ stats }: { stats: TTokenStats | undefined }) => (
  <StatCards
    testIdPrefix="token-card"
    span={{ base: 12, sm: 4 }}
    cards={[
      { label: 'Total', value: stats?.total ?? 0 },
      { label: 'Active', value: stats?.active ?? 0, color: 'green' },
      { label: 'Expired', value: stats?.expired ?? 0, color: 'red' },
    ]}
  />
);
