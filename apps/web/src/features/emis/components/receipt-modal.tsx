import { Alert, Button, Center, Code, Group, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { fetchReceiptPdf } from '../../../api/receipts';
import { SectionLoader } from '../../../components/loading-or-failed';
import { saveBlob } from '../../../lib/save-file';
import { useReceiptData } from '../api/get-receipt';
import { useReceiptPdf } from '../api/get-receipt-pdf';
import { EMI_FAILURES, EMI_SUCCESSES } from '../lib/labels';
import { printText, receiptFileName, receiptText } from '../lib/receipt-text';
import { EmiDialog, emiSubject } from './emi-dialog';

export type TReceiptTarget = { loanId: number; loanCode: string; emiNumber: number };

/** An object URL for a blob, revoked when the blob changes or the view goes. */
const useObjectUrl = (blob: Blob | undefined): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (blob === undefined) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
};

const ReceiptView = ({ target, onClose }: { target: TReceiptTarget; onClose: () => void }) => {
  const { loanId, loanCode, emiNumber } = target;
  const pdf = useReceiptPdf(loanId, emiNumber);
  const pdfFailed = pdf.isError;
  const data = useReceiptData(loanId, emiNumber, pdfFailed);
  const url = useObjectUrl(pdf.data?.blob);
  const frame = useRef<HTMLIFrameElement>(null);
  const [downloading, setDownloading] = useState(false);
  const fileName = receiptFileName(loanCode, emiNumber);

  useEffect(() => {
    if (pdfFailed) notifications.show({ color: 'orange', message: EMI_FAILURES.pdfFallback });
  }, [pdfFailed]);
  const dataFailed = data.isError;
  useEffect(() => {
    if (dataFailed) notifications.show({ color: 'red', message: EMI_FAILURES.receiptData });
  }, [dataFailed]);

  const handleDownload = async () => {
    setDownloading(true);
    try {
      const blob = pdf.data?.blob ?? (await fetchReceiptPdf(loanId, emiNumber)).blob;
      saveBlob(blob, fileName);
      notifications.show({ color: 'green', message: EMI_SUCCESSES.pdfDownloaded });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, EMI_FAILURES.download) });
    } finally {
      setDownloading(false);
    }
  };

  const text = data.data === undefined ? null : receiptText(data.data);
  const handlePrint = () => {
    if (url !== null && frame.current?.contentWindow) frame.current.contentWindow.print();
    else if (text !== null) printText(text);
  };

  return (
    <Stack gap="md">
      {url !== null ? (
        <iframe
          ref={frame}
          title="Receipt PDF"
          src={url}
          data-testid="receipt-frame"
          style={{
            width: '100%',
            height: 'min(70vh, 640px)',
            border: '1px solid var(--mantine-color-default-border)',
          }}
        />
      ) : pdfFailed ? (
        <Stack gap="xs">
          <Alert color="orange" p="xs">
            {EMI_FAILURES.receiptPdf}
          </Alert>
          {text !== null ? (
            <Code block data-testid="receipt-text">
              {text}
            </Code>
          ) : dataFailed ? (
            <Alert color="red">{EMI_FAILURES.receiptData}</Alert>
          ) : (
            <Center py="lg">
              <Loader />
            </Center>
          )}
        </Stack>
      ) : (
        <SectionLoader label="Loading receipt" />
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button variant="light" onClick={() => void handleDownload()} loading={downloading}>
          Download PDF
        </Button>
        <Button onClick={handlePrint} disabled={url === null && text === null}>
          Print Receipt
        </Button>
      </Group>
    </Stack>
  );
};

type TReceiptModalProps = { target: TReceiptTarget | null; stackId?: string; onClose: () => void };

/** Payment Receipt: the PDF in a frame, the text receipt when it cannot load. */
export const ReceiptModal = ({ target, stackId, onClose }: TReceiptModalProps) => (
  <EmiDialog
    target={target}
    title="Payment Receipt"
    size="lg"
    stackId={stackId}
    subject={emiSubject}
    onClose={onClose}
  >
    {(shown) => <ReceiptView key={`${shown.loanId}-${shown.emiNumber}`} target={shown} onClose={onClose} />}
  </EmiDialog>
);
