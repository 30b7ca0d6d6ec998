import type { TCollectionPageTotals, TCollectionReportResponse } from '@lending/domain';
import { Stack, Title } from '@mantine/core';
import { StatCards, type TStatCard } from '../../../components/stat-cards';
import { formatAmount, formatPaise } from '../lib/collection-format';

/** A titled row of the report's four cards. */
const TotalsCards = ({ title, cards }: { title: string; cards: TStatCard[] }) => (
  <Stack gap="xs">
    <Title order={2} fz="h4">
      {title}
    </Title>
    <StatCards cards={cards} testIdPrefix="collections-card" span={{ base: 6, md: 3 }} compact />
  </Stack>
);

type TGrandTotalsProps = { report: TCollectionReportResponse | undefined };

/** Grand Totals: All Agents, All Customers, All Collected, All Bounced. */
export const GrandTotals = ({ report }: TGrandTotalsProps) => (
  <TotalsCards
    title="Grand Totals"
    cards={[
      { label: 'All Agents', value: String(report?.grandUniqueAgents ?? 0) },
      { label: 'All Customers', value: String(report?.grandUniqueCustomers ?? 0) },
      { label: 'All Collected', value: formatAmount(report?.grandTotalPaidAmount ?? 0), color: 'green' },
      {
        label: 'All Bounced',
        value: formatAmount(report?.grandTotalBouncedAmount ?? 0),
        note: `${report?.grandTotalBouncedCount ?? 0} EMIs`,
        color: 'red',
      },
    ]}
  />
);

/**
 * What the ledger records of the filter are made of, over every match (the server's sums): the
 * dashboard's Amount Recovered, interest and principal shares, charges and revenue are these over
 * the cash rows.
 */
export const IncomeTotals = ({ report }: TGrandTotalsProps) => (
  <TotalsCards
    title="Instalments, Interest and Charges"
    cards={[
      {
        label: 'Instalments Recovered',
        value: formatAmount(report?.grandTotalInstalment ?? 0),
        note: 'net of refunds',
      },
      { label: 'Interest Share', value: formatAmount(report?.grandTotalInterest ?? 0) },
      { label: 'Principal Share', value: formatAmount(report?.grandTotalPrincipal ?? 0) },
      { label: 'Charges Collected', value: formatAmount(report?.grandTotalCharges ?? 0) },
      {
        label: 'Revenue',
        value: formatAmount(report?.grandTotalRevenue ?? 0),
        note: 'interest + charges',
        color: 'green',
      },
    ]}
  />
);

/** The current page's four cards: unique agents and customers, collected and bounced. */
export const PageTotals = ({ totals }: { totals: TCollectionPageTotals }) => (
  <TotalsCards
    title="This Page"
    cards={[
      { label: 'Agents', value: String(totals.agents) },
      { label: 'Customers', value: String(totals.customers) },
      {
        label: 'Total Collected',
        value: formatPaise(totals.collected),
        note: `${totals.collectedCount} EMIs`,
        color: 'green',
      },
      {
        label: 'Total Bounced',
        value: formatPaise(totals.bounced),
        note: `${totals.bouncedCount} EMIs`,
        color: 'red',
      },
    ]}
  />
);
