import type { TForeclosureDetails, TLoanDetail } from '@lending/domain';
import { Badge, Group, Image, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { collectionCalendarLabel, emiRuleLabel, productRupees } from '../../../lib/product-terms';
import {
  FORECLOSURE_TYPE_LABELS,
  formatDate,
  formatMoney,
  formatMoneyExact,
  loanStatusColor,
  loanStatusLabel,
} from '../lib/loan-format';

const Figure = ({ label, value, color }: { label: string; value: ReactNode; color?: string }) => (
  <Paper withBorder p="sm" radius="md">
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={700} c={color}>
      {value}
    </Text>
  </Paper>
);

/** Summary cards: amount, repayable, daily EMI, EMIs paid and pending. */
export const LoanSummaryCards = ({ loan }: { loan: TLoanDetail }) => {
  const paid = loan.emis.filter((emi) => emi.status === 'paid').length;
  const pending = loan.emis.filter((emi) => emi.status === 'pending' || emi.status === 'bounced').length;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} data-testid="loan-summary-cards">
      <Figure label="Loan Amount" value={formatMoney(loan.loan_amount)} />
      <Figure label="Total Repayable" value={formatMoney(loan.total_repayable)} />
      <Figure label="Daily EMI" value={formatMoney(loan.per_day_emi)} />
      <Figure label="EMIs Paid" value={`${paid} / ${loan.emis.length}`} color="green" />
      <Figure label="EMIs Pending" value={String(pending)} color="orange" />
    </SimpleGrid>
  );
};

/** What is still owed, from the server's foreclosure figures (pending EMIs and their late charges). */
export const LateChargeSummary = ({
  figures,
  action,
}: {
  figures: TForeclosureDetails | undefined;
  /** Slot for 'Clear Late Charges' (EMI issue; approved loans only). */
  action?: ReactNode;
}) => {
  const charged = figures !== undefined && figures.totalLateCharges > 0;
  return (
    <Paper withBorder p="sm" radius="md" bg={charged ? 'var(--mantine-color-red-light)' : undefined}>
      <Group justify="space-between" align="center" mb={figures === undefined ? 0 : 'xs'}>
        <Text fw={600}>Late Charge Summary</Text>
        {action}
      </Group>
      {figures === undefined ? (
        <Text size="sm" c="dimmed">
          Not available
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="late-charge-summary">
          {[
            ['Late Charges', formatMoneyExact(figures.totalLateCharges)],
            ['Open EMIs', String(figures.pendingEmis)],
            ['EMI Amount Pending', formatMoneyExact(figures.totalEmiAmount)],
            ['Total Pending', formatMoneyExact(figures.totalPendingAmount)],
          ].map(([label, value]) => (
            <Stack key={label} gap={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600} c={label === 'Late Charges' && charged ? 'red' : undefined}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
};

const Row = ({ label, value }: { label: string; value: ReactNode }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" ta="right" style={{ wordBreak: 'break-word' }}>
      {value === null || value === undefined || value === '' ? '-' : value}
    </Text>
  </Group>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="sm" radius="md">
    <Title order={3} fz="h5" mb="xs">
      {title}
    </Title>
    <Stack gap={6}>{children}</Stack>
  </Paper>
);

/** Basic and customer information, and the received-by image. */
export const LoanInfoSections = ({
  loan,
  onViewImage,
}: {
  loan: TLoanDetail;
  onViewImage: (src: string) => void;
}) => (
  <SimpleGrid cols={{ base: 1, md: 3 }}>
    <Section title="Basic Information">
      <Row label="Loan #" value={`#${loan.loan_number}`} />
      <Row label="Loan Code" value={loan.loan_code} />
      <Row
        label="Status"
        value={
          <Badge color={loanStatusColor(loan.status)} variant="light">
            {loanStatusLabel(loan.status)}
          </Badge>
        }
      />
      <Row label="Start Date" value={formatDate(loan.start_date)} />
      <Row label="End Date" value={formatDate(loan.end_date)} />
      <Row label="Tenure" value={`${loan.total_emi_days} days`} />
      {loan.product === null ? null : (
        <>
          <Row label="Loan Product" value={loan.product.name} />
          <Row label="Collection Days" value={collectionCalendarLabel(loan.product.off_days)} />
          <Row label="EMI Rule" value={emiRuleLabel(loan.product.emi_per_thousand)} />
          <Row label="Processing Fee" value={productRupees(loan.product.processing_fee)} />
          <Row label="Bounce Charge" value={productRupees(loan.product.bounce_charge)} />
        </>
      )}
      <Row label="Interest" value={formatMoney(loan.interest_amount)} />
      <Row label="Payment Method" value={loan.payment_method} />
      <Row label="Loan Reason" value={loan.loan_reason} />
      <Row label="Created" value={formatDate(loan.created_at)} />
    </Section>
    <Section title="Customer Information">
      <Row label="Name" value={loan.customer_name} />
      <Row label="Mobile" value={loan.customer_mobile} />
      <Row label="Email" value={loan.customer_email} />
      <Row label="Address" value={loan.customer_address} />
    </Section>
    <Section title="Received By">
      {loan.received_by_image === null ? (
        <Text size="sm" c="dimmed">
          No image uploaded
        </Text>
      ) : (
        <UnstyledButton
          onClick={() => onViewImage(loan.received_by_image ?? '')}
          aria-label="View received by image"
        >
          <Image src={loan.received_by_image} alt="Received by" h={140} fit="contain" radius="sm" />
          <Text size="xs" c="dimmed" ta="center" mt={4}>
            Click to view full size
          </Text>
        </UnstyledButton>
      )}
    </Section>
  </SimpleGrid>
);

/** The foreclosure_* fields of a closed or defaulted loan. */
export const ForeclosureFacts = ({
  facts,
}: {
  facts: Pick<
    TLoanDetail,
    | 'foreclosure_type'
    | 'foreclosure_amount'
    | 'foreclosure_remaining_amount'
    | 'foreclosure_date'
    | 'foreclosed_by_name'
    | 'foreclosure_reason'
    | 'foreclosure_notes'
  >;
}) => (
  <Stack gap={6}>
    <Row
      label="Foreclosure Type"
      value={FORECLOSURE_TYPE_LABELS[facts.foreclosure_type ?? ''] ?? facts.foreclosure_type}
    />
    <Row label="Amount Received" value={formatMoneyExact(facts.foreclosure_amount)} />
    <Row label="Amount Written Off" value={formatMoneyExact(facts.foreclosure_remaining_amount)} />
    <Row label="Foreclosure Date" value={formatDate(facts.foreclosure_date)} />
    <Row label="Foreclosed By" value={facts.foreclosed_by_name ?? 'Admin'} />
    <Row label="Reason" value={facts.foreclosure_reason} />
    <Row label="Notes" value={facts.foreclosure_notes} />
  </Stack>
);

export const ForeclosureSection = ({ loan }: { loan: TLoanDetail }) => (
  <Section title="Foreclosure Details">
    <ForeclosureFacts facts={loan} />
  </Section>
);
