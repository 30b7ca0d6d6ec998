import type { TQueuedCollection } from '@lending/domain';
import { Alert, Stack } from '@mantine/core';
import { ModalClose } from '../../../components/modal-close';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { inIst } from '../../../lib/dayjs';
import { paymentModeLabel } from '../../../lib/payment-modes';
import { useWhileOpen } from '../../../lib/use-while-open';
import { formatPaise } from '../lib/format';
import { ReceiptRows } from './text-receipt';

export const PENDING_RECEIPT_TITLE = 'Receipt (pending sync)';

/**
 * The receipt of a collection made offline: what was taken, when, and "pending sync" where the
 * server's receipt number will be; the synced receipt carries it (the sync panel lists it).
 */
export const PendingReceiptModal = ({
  item: current,
  onClose,
}: {
  item: TQueuedCollection | null;
  onClose: () => void;
}) => {
  const item = useWhileOpen(current, current !== null);
  const rows: [string, string][] =
    item === null
      ? []
      : [
          ['Receipt no.', 'pending sync'],
          ['Loan', item.loanCode],
          ['Customer', item.customerName],
          ['EMI #', item.emiNumbers.join(', ')],
          ['Amount Collected', formatPaise(item.amount)],
          ['Payment', item.kind === 'partial' ? 'Partial' : 'Full'],
          ['Payment Mode', paymentModeLabel(item.mode)],
          ['Collected At', inIst(item.collectedAt).format('DD-MM-YYYY HH:mm')],
        ];
  return (
    <ResponsiveModal
      stackId="agent-pending-receipt"
      opened={current !== null}
      onClose={onClose}
      title={PENDING_RECEIPT_TITLE}
    >
      <Stack gap="sm">
        <Alert color="orange">Saved on this phone. It syncs when the connection is back.</Alert>
        <ReceiptRows rows={rows} testId="pending-receipt" />
        <ModalClose onClose={onClose} />
      </Stack>
    </ResponsiveModal>
  );
};
