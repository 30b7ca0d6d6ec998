import { MESSAGE_LANGUAGE_LABELS, type TMessageView } from '@lending/domain';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { LabelledValue } from '../../../components/labelled-value';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useWhileOpen } from '../../../lib/use-while-open';
import { channelLabel, eventLabel, messageTime } from '../lib/message-format';
import { MessageStatusBadge } from './message-status-badge';

/** A queued message has no words yet: they are written from its template as it is sent. */
export const NOT_RENDERED = 'Not rendered yet';

const MessageText = ({ message }: { message: TMessageView }) => (
  <Stack gap="md">
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      <LabelledValue label="Borrower" value={message.borrower_name} />
      <LabelledValue label="Loan" value={message.loan_code ?? '-'} />
      <LabelledValue label="Event" value={eventLabel(message.event)} />
      <LabelledValue label="Channel" value={channelLabel(message.channel)} />
      <LabelledValue label="Language" value={MESSAGE_LANGUAGE_LABELS[message.language]} />
      <LabelledValue label="Recipient" value={message.recipient} />
      <LabelledValue label="Written" value={messageTime(message.created_at)} />
      <LabelledValue label="Sent" value={messageTime(message.sent_at)} />
      <LabelledValue label="Delivered" value={messageTime(message.delivered_at)} />
      <LabelledValue label="Attempts" value={String(message.attempts)} />
      <LabelledValue label="Provider's id" value={message.provider_message_id ?? '-'} />
      <Stack gap={0} align="flex-start">
        <Text size="xs" c="dimmed">
          Status
        </Text>
        <MessageStatusBadge status={message.status} />
      </Stack>
    </SimpleGrid>
    {message.last_error === null ? null : <LabelledValue label="Last error" value={message.last_error} />}
    <Paper withBorder p="sm" radius="sm" data-testid="message-text">
      {message.body === null ? (
        <Text size="sm" c="dimmed">
          {NOT_RENDERED}
        </Text>
      ) : (
        <Text size="sm" lang={message.language} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
      )}
    </Paper>
  </Stack>
);

/** One message as it was sent: its whole text and its way through the outbox. */
export const MessageTextModal = ({
  message,
  onClose,
}: {
  message: TMessageView | null;
  onClose: () => void;
}) => {
  const shown = useWhileOpen(message, message !== null);
  return (
    // In Loan Details' modal stack, Escape closes only this one.
    <ResponsiveModal
      stackId="message-text"
      opened={message !== null}
      onClose={onClose}
      title="Message"
      size="lg"
    >
      {shown === null ? null : <MessageText message={shown} />}
    </ResponsiveModal>
  );
};
