import { useWindowEvent } from '@mantine/hooks';

/** How close to the end of the page (px) scrolling starts loading the next page. */
export const NEAR_BOTTOM_PX = 200;

/** Calls `onNearBottom` when a scroll brings the end of the page within reach (infinite scroll). */
export const useNearBottom = (onNearBottom: () => void, enabled: boolean) => {
  useWindowEvent('scroll', () => {
    if (!enabled) return;
    const scrolled = window.scrollY + window.innerHeight;
    if (scrolled >= document.documentElement.scrollHeight - NEAR_BOTTOM_PX) onNearBottom();
  });
};
