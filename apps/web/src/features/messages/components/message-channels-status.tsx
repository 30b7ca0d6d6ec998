import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { useMessageChannels } from '../api/list-channels';
import { channelLabel, messageTime } from '../lib/message-format';

export const CHANNELS_LOAD_FAILED = 'Failed to load the message channels';

const COLUMNS = [
  'Channel',
  'Provider',
  'Configured',
  'Pace',
  'Last success',
  'Failures (last hour)',
  'Queued',
];

/** System Status' messages: each channel's provider, whether it is set up, its pace, how it went lately, what waits. */
export const MessageChannelsStatus = () => {
  const channels = useMessageChannels();
  const rows = channels.data?.channels ?? [];
  return (
    <Stack gap="xs" data-testid="message-channels-status">
      <Title order={3} fz="h5">
        Message channels
      </Title>
      <ListTable
        columns={COLUMNS}
        minWidth={640}
        fz="sm"
        aria-label="Message channels"
        empty={
          rows.length > 0
            ? null
            : channels.isPending
              ? 'Checking…'
              : channels.isError
                ? CHANNELS_LOAD_FAILED
                : 'No message channels'
        }
      >
        {rows.map((channel) => (
          <Table.Tr key={channel.channel} data-testid={`message-channel-${channel.channel}`}>
            <Table.Td fw={600}>{channelLabel(channel.channel)}</Table.Td>
            <Table.Td>{channel.provider}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={channel.configured ? 'teal' : 'gray'} miw="max-content">
                {channel.configured ? 'Yes' : 'No'}
              </Badge>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${channel.rate_per_second} a second`}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{messageTime(channel.last_success_at)}</Table.Td>
            <Table.Td>
              <Text
                size="sm"
                c={channel.failures_last_hour > 0 ? 'red' : undefined}
                fw={channel.failures_last_hour > 0 ? 600 : undefined}
              >
                {channel.failures_last_hour}
              </Text>
            </Table.Td>
            <Table.Td>{channel.queued}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
};
