import type { TPublicUser } from '@lending/domain';
import { Badge, Card, Stack, Text } from '@mantine/core';
import { UserAvatar } from '../../../components/user-avatar';
import { roleLabel } from '../../../lib/format';

/** Avatar and a summary of name, e-mail, mobile and address. */
export const ProfileSummary = ({ user }: { user: TPublicUser }) => (
  <Card withBorder padding="lg" data-testid="profile-summary">
    <Stack align="center" gap={6} ta="center">
      <UserAvatar name={user.name} src={user.profile_pic} size={96} />
      <Text fw={600} size="lg">
        {user.name}
      </Text>
      <Badge variant="light">{roleLabel(user.Role?.name ?? user.role)}</Badge>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {user.email}
      </Text>
      <Text size="sm">{user.mobile ?? '-'}</Text>
      <Text size="sm" c="dimmed">
        {user.address ?? ''}
      </Text>
    </Stack>
  </Card>
);
