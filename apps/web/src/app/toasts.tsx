import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useRef } from 'react';

const NotificationsContainer = lazy(() =>
  import('./toast-container').then((module) => ({ default: module.ToastContainer })),
);

type TToastsProps = { autoClose: number };

/**
 * Where toasts appear. A toast is queued in Mantine's store the moment a screen shows it; the
 * container that draws it (transitions, portal, drag to dismiss) is fetched with the first toast,
 * so a visitor who never sees one never downloads it. Once mounted it stays, so toasts can leave
 * with their transition.
 */
export const Toasts = ({ autoClose }: TToastsProps) => {
  const { notifications, queue } = useNotifications();
  const needed = useRef(false);
  if (notifications.length + queue.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer autoClose={autoClose} position="top-right" />
    </Suspense>
  );
};
