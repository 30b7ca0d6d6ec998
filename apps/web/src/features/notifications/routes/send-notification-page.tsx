import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { SendNotificationForm } from '../components/send-notification-form';

/** Send Notification (/admin/send-notification; admins and the superadmin). */
export const SendNotificationPage = () => (
  <Stack gap="md" data-testid="page-send-notification">
    <PageTitle testId="send-notification-title" title="Send Notification" />
    <SendNotificationForm />
  </Stack>
);
