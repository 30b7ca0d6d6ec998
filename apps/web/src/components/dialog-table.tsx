import type { ComponentProps } from 'react';
import { usePhone } from '../lib/use-phone';
import { ListTable } from './list-table';

type TDialogTableProps = Omit<ComponentProps<typeof ListTable>, 'maxHeight'> & {
  /** How tall the table may grow on a laptop before it scrolls under its header. */
  height: number;
};

/**
 * A list table in a dialog: on a laptop it scrolls within `height` under its sticky header; on a
 * phone the dialog itself scrolls, and the text is smaller and the cells closer to fit the width.
 */
export const DialogTable = ({ height, ...props }: TDialogTableProps) => {
  const phone = usePhone();
  return (
    <ListTable
      maxHeight={phone ? undefined : height}
      stickyHeader
      fz={phone ? 'xs' : 'sm'}
      horizontalSpacing={phone ? 6 : 'sm'}
      {...props}
    />
  );
};
