import { hasRole, type TPublicUser } from '@lending/domain';
import { Card, Image, Stack, Text, Title } from '@mantine/core';
import { profileMessages } from '../lib/profile-form';

/**
 * The payment QR code: an agent sees their own read-only (admins upload it); a borrower sees their
 * agent's, when there is one. Nobody else sees this card.
 */
export const PaymentQrCard = ({ user }: { user: TPublicUser }) => {
  const isAgent = hasRole(user, 'agent');
  const qr = user.agent_qr_code_url;
  if (!isAgent && !(hasRole(user, 'user') && qr)) return null;
  return (
    <Card withBorder padding="lg" data-testid="payment-qr">
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} fz="h4">
          {isAgent ? 'My Payment QR Code' : "Your Agent's Payment QR Code"}
        </Title>
        {qr ? (
          <Image src={qr} alt="Payment QR code" w={200} h={200} fit="contain" radius="sm" />
        ) : (
          <Text c="dimmed">No QR code uploaded yet</Text>
        )}
        <Text size="sm" c="dimmed">
          {isAgent ? profileMessages.qrNote : 'Scan this code to pay your agent.'}
        </Text>
      </Stack>
    </Card>
  );
};
