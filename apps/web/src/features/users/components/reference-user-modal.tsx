import type { TReferenceCustomer } from '@lending/domain';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { UserAvatar } from '../../../components/user-avatar';
import { mapsSearchUrl } from '../lib/users-screen';

type TReferenceUserModalProps = { reference: TReferenceCustomer | null; onClose: () => void };

/** Reference User Details: photo or icon, name, e-mail and phone links, address, 'View on Map'. */
export const ReferenceUserModal = ({ reference, onClose }: TReferenceUserModalProps) => (
  <Modal opened={reference !== null} onClose={onClose} title="Reference User Details" centered>
    {reference === null ? null : (
      <Stack gap="sm" align="center" ta="center">
        <UserAvatar name={reference.name} src={reference.profile_pic} size={80} />
        <Text fw={600} size="lg">
          {reference.name}
        </Text>
        {reference.email ? <Anchor href={`mailto:${reference.email}`}>{reference.email}</Anchor> : null}
        {reference.mobile ? <Anchor href={`tel:${reference.mobile}`}>{reference.mobile}</Anchor> : null}
        {reference.address ? <Text c="dimmed">{reference.address}</Text> : null}
        {reference.latitude !== null && reference.longitude !== null ? (
          <Anchor
            href={mapsSearchUrl(reference.latitude, reference.longitude)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Group gap={4}>
              <IconMapPin size={16} />
              View on Map
            </Group>
          </Anchor>
        ) : null}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    )}
  </Modal>
);
