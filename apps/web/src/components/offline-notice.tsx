import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';

/** What a screen or dialog the phone does not keep says while there is no connection. */
export const NOT_AVAILABLE_OFFLINE = 'Not available offline — it opens when the connection is back';

/** Whether the browser says it has no connection (it says so at once, and again when it is back). */
export const useOffline = (): boolean => !useNetwork().online;

/**
 * Said in place of a spinner that would never stop, an error toast, or an empty list that a field
 * agent reads as "my loans are gone": the data is not lost, it is only not kept on the phone.
 */
export const OfflineNotice = () => (
  <Alert
    color="gray"
    variant="light"
    icon={<IconWifiOff size={18} />}
    role="status"
    data-testid="offline-notice"
  >
    {NOT_AVAILABLE_OFFLINE}
  </Alert>
);
