import { MESSAGE_STATUS_LABELS, type TMessageStatus } from '@lending/domain';
import { Badge } from '@mantine/core';
import { MESSAGE_STATUS_COLORS } from '../lib/message-format';

/** A message's status in its colour (red failed, green delivered, ...), never cut short. */
export const MessageStatusBadge = ({ status }: { status: TMessageStatus }) => (
  <Badge color={MESSAGE_STATUS_COLORS[status]} variant="light" miw="max-content">
    {MESSAGE_STATUS_LABELS[status]}
  </Badge>
);
