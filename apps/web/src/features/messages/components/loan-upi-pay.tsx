import { formatRupees } from '@lending/domain';
import { Button, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCurrencyRupee } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useLoanUpi } from '../api/get-loan-upi';

/**
 * The link as a QR code, an SVG data URL: drawn without a canvas, sharp at any size, and allowed by
 * the Content-Security-Policy (img-src data:). Null until it is drawn, or when it cannot be.
 */
const useQrCode = (link: string | null): string | null => {
  const [drawn, setDrawn] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    if (link === null) return undefined;
    let current = true;
    QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (current) setDrawn({ link, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (current) setDrawn(null);
      });
    return () => {
      current = false;
    };
  }, [link]);
  return drawn !== null && drawn.link === link ? drawn.url : null;
};

/**
 * A borrower's loan paid by UPI: the `upi://pay` link opens their UPI app on a phone; on a laptop's
 * screen they scan the QR code of the same link with it. Nothing when the lender set no UPI id (or
 * it cannot load).
 */
export const LoanUpiPay = ({ loanId, loanCode }: { loanId: number; loanCode: string }) => {
  const answer = useLoanUpi(loanId);
  const upi = answer.data?.upi ?? null;
  const qr = useQrCode(upi?.link ?? null);
  // Nothing owed now: a link to pay ₹0 would only puzzle.
  if (upi === null || upi.amount_paise <= 0) return null;
  const amount = formatRupees(upi.amount_paise, 'auto');
  return (
    <Paper withBorder p="md" radius="md" data-testid={`loan-upi-${loanId}`}>
      <Stack gap="xs" align="center" ta="center">
        <Title order={2} fz="h5">
          {`Pay loan ${loanCode} by UPI`}
        </Title>
        <Button component="a" href={upi.link} leftSection={<IconCurrencyRupee size={16} />}>
          {`Pay ${amount} by UPI`}
        </Button>
        {qr === null ? null : (
          <Image src={qr} alt={`UPI QR code to pay ${amount}`} w={180} h={180} fit="contain" />
        )}
        <Text size="xs" c="dimmed">
          {`To ${upi.payee_name} (${upi.vpa}), reference ${upi.reference}`}
        </Text>
      </Stack>
    </Paper>
  );
};
