import { DEFAULT_APP_VERSION, roleNameOf, updateMessages } from '@lending/domain';
import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useCurrentUser } from '../../../lib/session';
import { useUpdateStatus } from '../api/get-update-status';
import { usePostUpdateStatus } from '../api/post-update-status';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/labels';
import { type TUpgradeRun, useUpgradeRun } from '../lib/use-upgrade-run';

/** Said once per browser session, however often the dashboard is opened. */
const ANNOUNCED_KEY = 'update-available-announced';

/** A toast, once a session, while an update is required or permitted. */
const useAnnounceAvailableUpdate = (status: string | undefined) => {
  useEffect(() => {
    if (status !== 'required' && status !== 'permitted') return;
    if (window.sessionStorage.getItem(ANNOUNCED_KEY) !== null) return;
    window.sessionStorage.setItem(ANNOUNCED_KEY, status);
    notifications.show({ color: 'blue', message: updateMessages.updateAvailable });
  }, [status]);
};

const UpgradeModal = ({ run }: { run: TUpgradeRun }) => (
  <ResponsiveModal
    opened={run.phase !== 'idle'}
    onClose={() => undefined}
    withCloseButton={false}
    title="Upgrading"
  >
    {run.phase === 'running' ? (
      <Stack gap="xs">
        <Text size="sm">Upgrading the application...</Text>
        <Progress value={run.progress} animated aria-label="Upgrade progress" />
      </Stack>
    ) : run.phase === 'success' ? (
      <Alert color="green" data-testid="upgrade-result">
        {updateMessages.appUpdated}
      </Alert>
    ) : run.phase === 'failed' ? (
      <Alert color="red" data-testid="upgrade-result">
        {run.message}
      </Alert>
    ) : null}
  </ResponsiveModal>
);

/**
 * The banner while the status loads, as tall as the answer's (the same lines, the versions held
 * invisible), so the dashboard's figures below it do not jump when it arrives.
 */
const CheckingBanner = () => (
  <Alert mb="md" color="blue" icon={<IconDownload size={18} />} data-testid="software-update-checking">
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>App Version</Text>
        <Badge color="gray">Checking…</Badge>
      </Group>
      <Text size="sm" style={{ visibility: 'hidden' }}>
        {`Current version: ${DEFAULT_APP_VERSION} · Required version: ${DEFAULT_APP_VERSION}`}
      </Text>
    </Stack>
  </Alert>
);

/**
 * The admin dashboard's App Version banner: current and required version, the status, Update Now
 * (starts a permitted upgrade) and, for a superadmin, Approve Upgrade (grants the permission). Shows
 * nothing when the status cannot be read.
 */
export const SoftwareUpdateBanner = () => {
  const { user } = useCurrentUser();
  const status = useUpdateStatus(user !== null);
  const approver = usePostUpdateStatus();
  const { run, start } = useUpgradeRun();
  const [message, setMessage] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  useAnnounceAvailableUpdate(status.data?.status);
  if (user === null || status.isError) return null;
  if (status.data === undefined) return <CheckingBanner />;
  const record = status.data;
  const privileged = roleNameOf(user) === 'superadmin';

  const approve = async () => {
    setMessage(null);
    try {
      await approver.mutateAsync({ status: 'permitted' });
      setMessage({ color: 'green', text: updateMessages.permitted });
    } catch (error) {
      setMessage({ color: 'red', text: errorMessage(error, updateMessages.updateFailed) });
    }
  };

  const updatable = record.status === 'required' || record.status === 'permitted';
  return (
    <Alert
      mb="md"
      color={updatable ? 'orange' : 'blue'}
      data-testid="software-update-banner"
      icon={<IconDownload size={18} />}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>App Version</Text>
            <Badge color={STATUS_COLORS[record.status]}>{STATUS_LABELS[record.status]}</Badge>
          </Group>
          <Group gap="xs">
            {privileged && record.status === 'required' ? (
              <Button size="xs" variant="light" loading={approver.isPending} onClick={() => void approve()}>
                Approve Upgrade
              </Button>
            ) : null}
            {updatable ? (
              <Button size="xs" disabled={run.phase !== 'idle'} onClick={() => void start(record.status)}>
                Update Now
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="sm">
          {`Current version: ${record.current_version ?? DEFAULT_APP_VERSION} · Required version: ${record.required_version ?? DEFAULT_APP_VERSION}`}
        </Text>
        {message === null ? null : (
          <Text size="sm" c={message.color} data-testid="software-update-message">
            {message.text}
          </Text>
        )}
      </Stack>
      <UpgradeModal run={run} />
    </Alert>
  );
};
