import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Phone widths (below Mantine's `sm`): cards instead of the table, full-screen modals. */
export const usePhone = (): boolean => useMediaQuery(`(max-width: ${em(767)})`) ?? false;
