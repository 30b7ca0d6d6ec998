import { MESSAGE_STATUS_LABELS, MESSAGE_STATUSES, type TMessageStatusCounts } from '@lending/domain';
import { StatCards } from '../../../components/stat-cards';

/** The messages of the whole filter per status (the server's counts, not the rows loaded so far). */
export const MessageStatusCards = ({ counts }: { counts: TMessageStatusCounts | null }) => (
  <StatCards
    testIdPrefix="message-count"
    span={{ base: 6, xs: 4, md: 2 }}
    compact
    cards={MESSAGE_STATUSES.map((status) => ({
      id: status,
      label: MESSAGE_STATUS_LABELS[status],
      value: counts === null ? '-' : counts[status],
      color: status === 'failed' && (counts?.failed ?? 0) > 0 ? 'red' : undefined,
    }))}
  />
);
