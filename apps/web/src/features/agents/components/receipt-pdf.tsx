import type { TReceipt } from '@lending/domain';
import { Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { saveBlob } from '../../../lib/save-file';
import { usePhone } from '../../../lib/use-phone';
import { TextReceipt } from './text-receipt';

type TReceiptPdfProps = { blob: Blob; receipt: TReceipt; fileName: string; onClose: () => void };

/**
 * A PDF receipt in a frame with Download, Print and Close. Phone browsers rarely draw a PDF inside
 * a page, so phones show the receipt as text and Print opens the PDF in the phone's own viewer.
 */
export const ReceiptPdf = ({ blob, receipt, fileName, onClose }: TReceiptPdfProps) => {
  const phone = usePhone();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return undefined;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);

  const handlePrint = () => {
    const view = phone ? null : frame.current?.contentWindow;
    if (view) {
      view.focus();
      view.print();
    } else if (url !== null) window.open(url, '_blank', 'noopener');
  };

  return (
    <>
      {phone ? (
        <TextReceipt receipt={receipt} />
      ) : url === null ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : (
        <iframe
          ref={frame}
          src={url}
          title="Receipt PDF"
          style={{
            width: '100%',
            height: '60vh',
            minHeight: 320,
            border: '1px solid var(--mantine-color-default-border)',
          }}
        />
      )}
      {phone ? (
        <Stack gap="xs">
          <Button onClick={handlePrint} disabled={url === null} leftSection={<IconPrinter size={16} />}>
            Print Receipt
          </Button>
          <Button
            variant="light"
            onClick={() => saveBlob(blob, fileName)}
            leftSection={<IconDownload size={16} />}
          >
            Download PDF
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Stack>
      ) : (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => saveBlob(blob, fileName)}
          >
            Download PDF
          </Button>
          <Button leftSection={<IconPrinter size={16} />} onClick={handlePrint} disabled={url === null}>
            Print Receipt
          </Button>
        </Group>
      )}
    </>
  );
};
