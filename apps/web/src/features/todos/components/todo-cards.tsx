import { type TTodoStats, todoCompletionRate } from '@lending/domain';
import { StatCards } from '../../../components/stat-cards';

/** Total, Completed, Pending and the completion rate (a whole percent). */
export const TodoCards = ({ stats }: { stats: TTodoStats | undefined }) => {
  const counts = stats ?? { total: 0, completed: 0, pending: 0 };
  return (
    <StatCards
      testIdPrefix="todo-card"
      span={{ base: 6, md: 3 }}
      cards={[
        { label: 'Total Tasks', value: String(counts.total) },
        { label: 'Completed', value: String(counts.completed), color: 'green' },
        { label: 'Pending', value: String(counts.pending), color: 'orange' },
        { label: 'Completion Rate', value: `${todoCompletionRate(counts)}%` },
      ]}
    />
  );
};
