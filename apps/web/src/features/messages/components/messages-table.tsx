import type { TMessageView } from '@lending/domain';
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ClippedText } from '../../../components/clipped-text';
import { ListTable } from '../../../components/list-table';
import { channelLabel, eventLabel, messageTime } from '../lib/message-format';
import { MessageStatusBadge } from './message-status-badge';

const LOG_COLUMNS = [
  'Time',
  'Borrower',
  'Loan',
  'Event',
  'Channel',
  'Recipient',
  'Status',
  'Attempts',
  'Last error',
  'Actions',
];
/** A loan's own messages: its borrower and code go without saying. */
const LOAN_COLUMNS = LOG_COLUMNS.filter((column) => column !== 'Borrower' && column !== 'Loan');

type TMessagesTableProps = {
  messages: readonly TMessageView[];
  /** Shown in place of the rows (loading, nothing found, failed); null shows them. */
  empty: string | null;
  /** The log shows whose message each is; a loan's Messages section does not. */
  withBorrower: boolean;
  /** Retry is offered on failed rows only when given (admins). */
  onRetry?: (message: TMessageView) => void;
  retrying: number | null;
  onRead: (message: TMessageView) => void;
  'aria-label': string;
};

/** What a row's buttons are read out with: the channel, the borrower and the time tell rows apart. */
export const messageName = (message: TMessageView): string =>
  `${channelLabel(message.channel)} to ${message.borrower_name}, ${messageTime(message.created_at)}`;

/** The outbox's messages, newest first: when, to whom, what, how far it got, and why it failed. */
export const MessagesTable = ({
  messages,
  empty,
  withBorrower,
  onRetry,
  retrying,
  onRead,
  'aria-label': label,
}: TMessagesTableProps) => (
  <ListTable
    columns={withBorrower ? LOG_COLUMNS : LOAN_COLUMNS}
    minWidth={withBorrower ? 1150 : 900}
    fz="sm"
    aria-label={label}
    data-testid="messages-table"
    empty={empty}
  >
    {messages.map((message) => (
      <Table.Tr key={message.id} data-testid={`message-row-${message.id}`}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{messageTime(message.created_at)}</Table.Td>
        {withBorrower ? (
          <>
            <Table.Td>{message.borrower_name}</Table.Td>
            <Table.Td>
              {message.loan_id === null || message.loan_code === null ? (
                '-'
              ) : (
                // Loan Details opens from this link (the loans screen reads ?loan=).
                <Anchor component={Link} to={`/admin/loans?loan=${message.loan_id}`} size="sm">
                  {message.loan_code}
                </Anchor>
              )}
            </Table.Td>
          </>
        ) : null}
        <Table.Td>{eventLabel(message.event)}</Table.Td>
        <Table.Td>{channelLabel(message.channel)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{message.recipient}</Table.Td>
        <Table.Td>
          <MessageStatusBadge status={message.status} />
          {message.status === 'queued' && message.due_at !== null ? (
            <Text size="xs" c="dimmed">{`Due ${messageTime(message.due_at)}`}</Text>
          ) : null}
        </Table.Td>
        <Table.Td>{message.attempts}</Table.Td>
        <Table.Td>
          <ClippedText text={message.last_error} maxWidth={220} size="sm" />
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={`Read ${messageName(message)}`}
              onClick={() => onRead(message)}
            >
              Read
            </Button>
            {onRetry !== undefined && message.status === 'failed' ? (
              <Button
                size="compact-sm"
                variant="light"
                color="orange"
                leftSection={<IconRefresh size={14} />}
                aria-label={`Retry ${messageName(message)}`}
                loading={retrying === message.id}
                disabled={retrying !== null && retrying !== message.id}
                onClick={() => onRetry(message)}
              >
                Retry
              </Button>
            ) : null}
          </Group>
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
