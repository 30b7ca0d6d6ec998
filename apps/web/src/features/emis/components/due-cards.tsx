import { formatRupees, type Paise, type TDueTotals } from '@lending/domain';
import { StatCards } from '../../../components/stat-cards';

/** Whole rupees plainly, paise when there are any: a total never rounds a paisa away. */
const money = (paise: Paise) => formatRupees(paise, 'auto');

/**
 * The Payments Due cards (paise): the whole filter's, as the server summed them. Open EMIs (pending
 * or current bounced) and what they owe are the dashboard's EMI figures for the same filters.
 */
export const DueCards = ({ totals }: { totals: TDueTotals }) => (
  <StatCards
    testIdPrefix="due-card"
    span={{ base: 6, md: 'auto' }}
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
        id: 'open',
        label: 'Open EMIs (owed)',
        value: `${totals.openCount} · ${money(totals.openAmount)}`,
        color: 'orange',
      },
      {
        id: 'late',
        label: 'Late Charges',
        value: money(totals.lateCharges),
        color: totals.lateCharges > 0 ? 'red' : undefined,
      },
    ]}
  />
);
