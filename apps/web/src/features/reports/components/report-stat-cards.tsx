import { StatCards } from '../../../components/stat-cards';

type TReportStatCardsProps = {
  counts: { paidOnTime: number; paidLate: number; bounced: number };
  /** Whose counts: one customer's (from the score) or the events on this page. */
  scope: string;
};

/** Paid On Time, Paid Late and Bounced counts. */
export const ReportStatCards = ({ counts, scope }: TReportStatCardsProps) => (
  <StatCards
    testIdPrefix="report-card"
    span={{ base: 12, xs: 4 }}
    cards={[
      { label: 'Paid On Time', value: counts.paidOnTime, note: scope, color: 'green' },
      { label: 'Paid Late', value: counts.paidLate, note: scope, color: 'yellow' },
      { label: 'Bounced', value: counts.bounced, note: scope, color: 'red' },
    ]}
  />
);
