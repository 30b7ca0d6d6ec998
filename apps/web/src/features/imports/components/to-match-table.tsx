import type { TCollectionToMatch } from '@lending/domain';
import { Button, Group, Table, Text } from '@mantine/core';
import { ClippedText } from '../../../components/clipped-text';
import { ListTable } from '../../../components/list-table';
import { formatDate, formatMoneyExact } from '../../../lib/format';
import { paymentModeLabel } from '../../../lib/payment-modes';
import { collectedByLabel } from './collected-by';

const COLUMNS = [
  'Collected on',
  'Amount',
  'Mode',
  'Loan in the file',
  'UTR / reference',
  'Collected by',
  'Why',
  'From',
  'Actions',
];

/** Where the row came from: 'Import #4, Collections row 12'. */
const originOf = (collection: TCollectionToMatch) =>
  `${collection.importId === null ? '' : `Import #${collection.importId}, `}${collection.sheet} row ${collection.row}`;

/** How a row's buttons name it for screen readers: '₹1,200.00 of 21-11-2026'. */
const nameOf = (collection: TCollectionToMatch) =>
  `${formatMoneyExact(collection.amount)} of ${formatDate(collection.collectedOn)}`;

type TToMatchTableProps = {
  collections: TCollectionToMatch[];
  empty: string | null;
  onMatch: (collection: TCollectionToMatch) => void;
  onDismiss: (collection: TCollectionToMatch) => void;
};

/** The collections waiting for a loan, each with Match and Dismiss; on a phone, cards. */
export const ToMatchTable = ({ collections, empty, onMatch, onDismiss }: TToMatchTableProps) => (
  <ListTable minWidth={1100} columns={COLUMNS} empty={empty} data-testid="to-match-table">
    {collections.map((collection) => (
      <Table.Tr key={collection.id} data-testid={`to-match-row-${collection.id}`}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(collection.collectedOn)}</Table.Td>
        <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatMoneyExact(collection.amount)}
        </Table.Td>
        <Table.Td>{paymentModeLabel(collection.paymentMode)}</Table.Td>
        <Table.Td>
          <ClippedText text={collection.loanText} maxWidth={160} />
        </Table.Td>
        <Table.Td>
          <ClippedText text={collection.utr} maxWidth={140} />
        </Table.Td>
        <Table.Td>
          {/* Matched, the cash is with this agent; none named, with the admin who matches it. */}
          <Text size="sm">{collectedByLabel(collection)}</Text>
        </Table.Td>
        <Table.Td>
          {/* Why no loan was found, in full: it is what the lender matches by. */}
          <Text size="sm" maw={240} style={{ overflowWrap: 'anywhere' }}>
            {collection.reason ?? '-'}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{originOf(collection)}</Text>
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              onClick={() => onMatch(collection)}
              aria-label={`Match ${nameOf(collection)}`}
            >
              Match
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => onDismiss(collection)}
              aria-label={`Dismiss ${nameOf(collection)}`}
            >
              Dismiss
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
