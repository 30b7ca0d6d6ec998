import { Button, type ButtonProps } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

type TRefreshButtonProps = Omit<ButtonProps, 'children' | 'leftSection'> & { onClick: () => void };

/** The "Refresh" button of a list or panel: fetches its data again. */
export const RefreshButton = ({ variant = 'default', ...props }: TRefreshButtonProps) => (
  <Button variant={variant} leftSection={<IconRefresh size={16} />} {...props}>
    Refresh
  </Button>
);
