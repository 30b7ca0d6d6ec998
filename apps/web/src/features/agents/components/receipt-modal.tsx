import type { TReceipt } from '@lending/domain';
import { Alert, Center, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ModalClose } from '../../../components/modal-close';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useWhileOpen } from '../../../lib/use-while-open';
import { useReceiptPdf } from '../api/get-receipt-pdf';
import { ReceiptPdf } from './receipt-pdf';
import { TextReceipt } from './text-receipt';

export const RECEIPT_TITLE = 'Payment Receipt';
/** What shows when the PDF cannot be had. */
export const RECEIPT_PDF_MISSING = 'PDF receipt not available. Please contact support if this is unexpected.';

export type TCollectedReceipts = { message: string; totalCollected: number; receipts: TReceipt[] };

const ReceiptBody = ({ collected, onClose }: { collected: TCollectedReceipts; onClose: () => void }) => {
  const [chosen, setChosen] = useState(collected.receipts.at(-1)?.emi_number ?? null);
  const receipt = collected.receipts.find((candidate) => candidate.emi_number === chosen) ?? null;
  const pdf = useReceiptPdf(
    receipt === null ? null : { loanId: receipt.loan_id, emiNumber: receipt.emi_number },
  );
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {collected.message}
      </Text>
      {collected.receipts.length > 1 ? (
        <Select
          label="Receipt for EMI"
          data={collected.receipts.map((item) => ({
            value: String(item.emi_number),
            label: `EMI #${item.emi_number}`,
          }))}
          value={chosen === null ? null : String(chosen)}
          allowDeselect={false}
          onChange={(value) => setChosen(value === null ? chosen : Number(value))}
        />
      ) : null}
      {receipt === null ? (
        <Alert color="yellow">{RECEIPT_PDF_MISSING}</Alert>
      ) : pdf.data !== undefined ? (
        <ReceiptPdf
          receipt={receipt}
          blob={pdf.data}
          fileName={`receipt_${receipt.loan_code}_EMI_${receipt.emi_number}.pdf`}
          onClose={onClose}
        />
      ) : pdf.isError ? (
        <>
          <Alert color="yellow">{RECEIPT_PDF_MISSING}</Alert>
          <TextReceipt receipt={receipt} />
          <ModalClose onClose={onClose} />
        </>
      ) : (
        <Center h={200}>
          <Loader />
        </Center>
      )}
    </Stack>
  );
};

/** Payment Receipt after a collection: the PDF of each collected EMI, or the fallback. */
export const ReceiptModal = ({
  collected: current,
  onClose,
}: {
  collected: TCollectedReceipts | null;
  onClose: () => void;
}) => {
  const collected = useWhileOpen(current, current !== null);
  return (
    <ResponsiveModal
      stackId="agent-receipt"
      opened={current !== null}
      onClose={onClose}
      title={RECEIPT_TITLE}
      size="xl"
    >
      {collected === null ? null : <ReceiptBody collected={collected} onClose={onClose} />}
    </ResponsiveModal>
  );
};
