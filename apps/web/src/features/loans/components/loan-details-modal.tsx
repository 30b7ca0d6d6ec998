import type { TEmiView, TLoanDetail } from '@lending/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useWhileOpen } from '../../../lib/use-while-open';
import { useForeclosure } from '../api/get-foreclosure';
import { useLoanDetail } from '../api/get-loan';
import { EmiScheduleTable } from './emi-schedule-table';
import { LoanCreditSection } from './loan-credit-section';
import {
  ForeclosureSection,
  LateChargeSummary,
  LoanInfoSections,
  LoanSummaryCards,
} from './loan-details-sections';
import { PaymentHistory } from './payment-history';
import { ReceivedByImageViewer } from './received-by-image-viewer';

export const LOAN_DETAILS_FAILED = 'Failed to fetch loan details';

/**
 * Slots for the EMI issue's payment actions: Mark Paid, Bounce, Clear and View Receipt
 * per EMI, the inline payment-date edit, Clear Late Charges (approved loans) and further footer
 * buttons. Loan Details renders them when given and nothing in their place otherwise. The app layer
 * fills them (src/app/routes.tsx), so this feature never imports the EMI feature.
 */
export type TLoanPaymentSlots = {
  renderEmiActions?: (emi: TEmiView, loan: TLoanDetail) => ReactNode;
  renderPaymentDate?: (emi: TEmiView, loan: TLoanDetail) => ReactNode;
  renderClearLateCharges?: (loan: TLoanDetail) => ReactNode;
  renderFooterActions?: (loan: TLoanDetail) => ReactNode;
};

/** The loan's RBI class at the latest day-end close, a section the app fills from the classification feature. */
export type TLoanClassSlot = (loan: TLoanDetail) => ReactNode;

/** The messages written about the loan, a section the app fills from the messages feature (admins). */
export type TLoanMessagesSlot = (loan: TLoanDetail) => ReactNode;

type TLoanDetailsModalProps = {
  loanId: number | null;
  onClose: () => void;
  slots?: TLoanPaymentSlots;
  renderLoanClass?: TLoanClassSlot;
  renderLoanMessages?: TLoanMessagesSlot;
  /** Admins (and superadmins) apply credit held and record refunds. */
  isAdmin?: boolean;
};

const LoanDetailsBody = ({
  loan,
  slots,
  isAdmin,
  renderLoanClass,
  renderLoanMessages,
}: {
  loan: TLoanDetail;
  slots: TLoanPaymentSlots;
  isAdmin: boolean;
  renderLoanClass: TLoanClassSlot | undefined;
  renderLoanMessages: TLoanMessagesSlot | undefined;
}) => {
  const [imageSrc, setImageSrc] = useState<string | null>(null);
  const figures = useForeclosure(loan.id);
  const { renderEmiActions, renderClearLateCharges, renderPaymentDate } = slots;
  return (
    <Stack gap="md">
      <LoanSummaryCards loan={loan} />
      {renderLoanClass?.(loan)}
      <LoanCreditSection loan={loan} isAdmin={isAdmin} />
      <LateChargeSummary
        figures={figures.data}
        action={loan.status === 'approved' ? renderClearLateCharges?.(loan) : undefined}
      />
      <LoanInfoSections loan={loan} onViewImage={setImageSrc} />
      {loan.foreclosure_type === null ? null : <ForeclosureSection loan={loan} />}
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="h5">
            EMI Schedule &amp; Payment History
          </Title>
          <Text size="sm" c="dimmed" data-testid="emi-count">
            {`${loan.emis.length} EMIs`}
          </Text>
        </Group>
        <EmiScheduleTable
          emis={loan.emis}
          renderActions={renderEmiActions === undefined ? undefined : (emi) => renderEmiActions(emi, loan)}
          renderPaymentDate={
            renderPaymentDate === undefined ? undefined : (emi) => renderPaymentDate(emi, loan)
          }
        />
      </Stack>
      <PaymentHistory loanId={loan.id} loanCode={loan.loan_code} />
      {renderLoanMessages?.(loan)}
      <ReceivedByImageViewer src={imageSrc} onClose={() => setImageSrc(null)} />
    </Stack>
  );
};

/** Loan Details: a wide modal with the loan, its customer and its EMI schedule. */
export const LoanDetailsModal = ({
  loanId,
  onClose,
  slots = {},
  isAdmin = false,
  renderLoanClass,
  renderLoanMessages,
}: TLoanDetailsModalProps) => {
  const detail = useLoanDetail(useWhileOpen(loanId, loanId !== null));
  const failed = detail.isError;

  useEffect(() => {
    if (failed) notifications.show({ color: 'red', message: LOAN_DETAILS_FAILED });
  }, [failed]);

  const loan = detail.data;
  return (
    <ResponsiveModal
      stackId="loan-details"
      opened={loanId !== null}
      onClose={onClose}
      title={loan === undefined ? 'Loan Details' : `Loan Details — ${loan.loan_code}`}
      size={1200}
    >
      {loan !== undefined ? (
        <Stack>
          <LoanDetailsBody
            loan={loan}
            slots={slots}
            isAdmin={isAdmin}
            renderLoanClass={renderLoanClass}
            renderLoanMessages={renderLoanMessages}
          />
          <Group justify="flex-end">
            {slots.renderFooterActions?.(loan)}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <LoadingOrFailed failed={failed} message={LOAN_DETAILS_FAILED} />
      )}
    </ResponsiveModal>
  );
};
