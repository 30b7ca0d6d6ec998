import { formatRupees, type Paise, type TDueTotals } from '@lending/domain';
import { StatCards } from '../../../components/stat-cards';

/** Whole rupees plainly, paise when there are any: a total never rounds a paisa away. */
const money = (paise: Paise) => formatRupees(paise, 'auto');

/** The four Payments Due cards (paise): the whole filter's, as the server summed them. */
export const DueCards = ({ totals }: { totals: TDueTotals }) => (
  <StatCards
    testIdPrefix="due-card"
    span={{ base: 6, md: 3 }}
    compact
    cards={[
      { id: 'total', label: 'Total to Collect', value: money(totals.totalToCollect), color: 'green' },
      {
        id: 'overdue',
        label: 'Overdue EMIs',
        value: String(totals.overdue),
        color: totals.overdue > 0 ? 'red' : undefined,
      },
      { id: 'pending', label: 'Pending EMIs', value: String(totals.pending), color: 'orange' },
      {
        id: 'late',
        label: 'Late Charges',
        value: money(totals.lateCharges),
        color: totals.lateCharges > 0 ? 'red' : undefined,
      },
    ]}
  />
);
