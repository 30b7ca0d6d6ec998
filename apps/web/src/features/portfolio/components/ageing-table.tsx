import type { TPortfolioSummary } from '@lending/domain';
import { Anchor, Paper, Table, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { formatMoney } from '../../../lib/format';

type TBucket = TPortfolioSummary['buckets'][number];

/** The loans list filtered to a bucket's loans (their oldest open EMI that many days old). */
export const bucketLink = (bucket: TBucket) =>
  `/admin/loans?overdue_min=${bucket.min_days}${bucket.max_days === null ? '' : `&overdue_max=${bucket.max_days}`}`;

const labelOf = (bucket: TBucket) =>
  bucket.max_days === null
    ? `Over ${bucket.min_days - 1} days`
    : `${bucket.min_days}–${bucket.max_days} days`;

/** Overdue loans by days overdue: count and outstanding principal, each row opening its loans. */
export const AgeingTable = ({ buckets }: { buckets: TPortfolioSummary['buckets'] }) => (
  <Paper withBorder p="md" radius="md" h="100%">
    <Title order={2} fz="h4" mb="sm">
      Ageing of overdue loans
    </Title>
    <ListTable
      columns={['Days overdue', 'Loans', 'Outstanding principal']}
      minWidth={320}
      empty={buckets.length === 0 ? 'No figures yet' : null}
      data-testid="ageing-table"
    >
      {buckets.map((bucket) => (
        <Table.Tr key={bucket.bucket}>
          <Table.Td>
            <Anchor component={Link} to={bucketLink(bucket)} data-testid={`ageing-link-${bucket.bucket}`}>
              {labelOf(bucket)}
            </Anchor>
          </Table.Td>
          <Table.Td>{bucket.loans}</Table.Td>
          <Table.Td>{formatMoney(bucket.amount)}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  </Paper>
);
