import { lastUsedLabel, type TTokenRecord, tokenStateOf } from '@lending/domain';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatMoment } from '../lib/format-moment';

const COLUMNS = [
  'User',
  'Role',
  'Device',
  'IP Address',
  'Created',
  'Last used',
  'Expires',
  'Status',
  'Actions',
];

const STATE_BADGES = {
  active: { color: 'green', label: 'Active' },
  revoked: { color: 'gray', label: 'Revoked' },
  expired: { color: 'red', label: 'Expired' },
} as const;

type TProps = {
  tokens: readonly TTokenRecord[];
  loading: boolean;
  now: Date;
  onDetails: (token: TTokenRecord) => void;
  onRevoke: (token: TTokenRecord) => void;
};

/** One row per session; the hash names it (its first characters shown), never the token itself. */
export const TokenTable = ({ tokens, loading, now, onDetails, onRevoke }: TProps) => (
  <ListTable
    columns={COLUMNS}
    minWidth={1000}
    empty={loading ? 'Loading...' : tokens.length === 0 ? 'No tokens found' : null}
  >
    {tokens.map((token) => {
      const state = STATE_BADGES[tokenStateOf(token, now)];
      return (
        <Table.Tr
          key={token.access_token_hash}
          data-testid={`token-row-${token.access_token_hash.slice(0, 12)}`}
        >
          <Table.Td>
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {token.User.name}
              </Text>
              <Text size="xs" c="dimmed">
                {token.User.email}
              </Text>
            </Stack>
          </Table.Td>
          <Table.Td>{token.User.Role.name}</Table.Td>
          <Table.Td>{[token.device_type, token.device_name].filter(Boolean).join(' · ') || '-'}</Table.Td>
          <Table.Td>{token.ip_address ?? '-'}</Table.Td>
          <Table.Td>{formatMoment(token.created_at)}</Table.Td>
          <Table.Td>{lastUsedLabel(token.last_used_at, now)}</Table.Td>
          <Table.Td>{formatMoment(token.expires_at)}</Table.Td>
          <Table.Td>
            <Group gap={4}>
              <Badge color={state.color}>{state.label}</Badge>
              {token.is_current ? <Badge variant="outline">Current session</Badge> : null}
            </Group>
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="default" onClick={() => onDetails(token)}>
                Details
              </Button>
              {token.is_active ? (
                <Button size="compact-sm" color="red" variant="light" onClick={() => onRevoke(token)}>
                  Revoke
                </Button>
              ) : null}
            </Group>
          </Table.Td>
        </Table.Tr>
      );
    })}
  </ListTable>
);
