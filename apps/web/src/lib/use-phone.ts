import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Phone widths (below Mantine's `sm`): cards instead of the table, full-screen modals. Read while
 * rendering, not after: the default (a first answer of "not a phone", corrected in an effect) made
 * every phone draw the desktop table once and then draw the whole screen again.
 */
export const usePhone = (): boolean =>
  useMediaQuery(`(max-width: ${em(767)})`, undefined, { getInitialValueInEffect: false }) ?? false;
