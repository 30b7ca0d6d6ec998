import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/** Shows `message` once each time a query fails (keyed by its error time). */
export const useErrorToast = (failedAt: number, isError: boolean, message: string) => {
  useEffect(() => {
    if (isError && failedAt > 0) notifications.show({ color: 'red', message });
  }, [failedAt, isError, message]);
};
