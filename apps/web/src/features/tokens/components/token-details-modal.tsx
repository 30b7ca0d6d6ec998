import { lastUsedLabel, type TTokenRecord, tokenMessages } from '@lending/domain';
import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../api/client';
import { LabelledValue } from '../../../components/labelled-value';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { type TTokenRef, useToken } from '../api/get-token';
import { formatMoment } from '../lib/format-moment';

const Details = ({ token, now }: { token: TTokenRecord; now: Date }) => (
  <Stack gap="sm" data-testid="token-details">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <LabelledValue label="User" value={`${token.User.name} (${token.User.email})`} />
      <LabelledValue label="Role" value={token.User.Role.name} />
      <LabelledValue label="Device type" value={token.device_type ?? '-'} />
      <LabelledValue label="Device name" value={token.device_name ?? '-'} />
      <LabelledValue label="Device id" value={token.device_id ?? '-'} />
      <LabelledValue label="IP address" value={token.ip_address ?? '-'} />
      <LabelledValue label="Created" value={formatMoment(token.created_at)} />
      <LabelledValue label="Last used" value={lastUsedLabel(token.last_used_at, now)} />
      <LabelledValue label="Expires" value={formatMoment(token.expires_at)} />
      <LabelledValue label="Active" value={token.is_active ? 'Yes' : 'No'} />
    </SimpleGrid>
    <LabelledValue label="User agent" value={token.user_agent ?? '-'} />
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        Token hash (SHA-256; the token itself is never stored)
      </Text>
      <Code block>{token.access_token_hash}</Code>
    </Stack>
  </Stack>
);

/** One session's details, read from the server when opened. */
export const TokenDetailsModal = ({
  tokenRef,
  now,
  onClose,
}: {
  tokenRef: TTokenRef | null;
  now: Date;
  onClose: () => void;
}) => {
  const token = useToken(tokenRef);
  return (
    <ResponsiveModal opened={tokenRef !== null} onClose={onClose} title="Token Details" size="lg">
      {token.data === undefined || token.isError ? (
        <LoadingOrFailed
          failed={token.isError}
          message={errorMessage(token.error, tokenMessages.detailsFailed)}
        />
      ) : (
        <Details token={token.data} now={now} />
      )}
    </ResponsiveModal>
  );
};
