import type { TLoanView } from '@lending/domain';
import { Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { ModalClose } from '../../../components/modal-close';
import { useWhileOpen } from '../../../lib/use-while-open';
import { useForeclosure } from '../api/get-foreclosure';
import { formatMoneyExact } from '../lib/loan-format';
import { FORECLOSURE_LOAD_FAILED } from './foreclose-modal';
import { ForeclosureFacts } from './loan-details-sections';

type TForeclosureDetailsModalProps = { loan: TLoanView | null; onClose: () => void };

/** Foreclosure Details of a closed or defaulted loan. */
export const ForeclosureDetailsModal = ({ loan: current, onClose }: TForeclosureDetailsModalProps) => {
  const loan = useWhileOpen(current, current !== null);
  const details = useForeclosure(loan?.id ?? null);
  const failed = details.isError;
  useEffect(() => {
    if (failed) notifications.show({ color: 'red', message: FORECLOSURE_LOAD_FAILED });
  }, [failed]);
  const data = details.data;

  return (
    <Modal
      stackId="loan-foreclosure-details"
      opened={current !== null}
      onClose={onClose}
      title={loan === null ? 'Foreclosure Details' : `Foreclosure Details — ${loan.loan_code}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {data !== undefined ? (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {[
              ['Pending EMIs', String(data.pendingEmis)],
              ['EMI Amount', formatMoneyExact(data.totalEmiAmount)],
              ['Late Charges', formatMoneyExact(data.totalLateCharges)],
              ['Total Pending', formatMoneyExact(data.totalPendingAmount)],
            ].map(([label, value]) => (
              <Paper key={label} withBorder p="xs" radius="md">
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600}>{value}</Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Paper withBorder p="sm" radius="md">
            <ForeclosureFacts facts={data} />
          </Paper>
          <ModalClose onClose={onClose} />
        </Stack>
      ) : (
        <LoadingOrFailed failed={failed} message={FORECLOSURE_LOAD_FAILED} />
      )}
    </Modal>
  );
};
