import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, creditBand, type TCreditScoreResponse } from '@lending/domain';
import {
  Badge,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { LabelledValue } from '../../../components/labelled-value';
import type { TReportCustomer } from '../api/list-customers';
import { BAND_COLORS } from '../lib/report-format';

type TCreditScoreCardProps = {
  customers: TReportCustomer[];
  pickedId: number | null;
  onPick: (id: number | null) => void;
  score: TCreditScoreResponse | undefined;
  loading: boolean;
  failed: boolean;
  /** Whether any customer is in view (picked, or the only one the search found). */
  hasCustomer: boolean;
};

const ScoreBody = ({ score }: { score: TCreditScoreResponse }) => {
  // The band is the domain's rule for the score, never worked out here.
  const band = creditBand(score.score);
  const filled = ((score.score - CREDIT_SCORE_MIN) / (CREDIT_SCORE_MAX - CREDIT_SCORE_MIN)) * 100;
  return (
    <Stack gap="xs" data-testid="credit-score">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {score.customer_name}
          </Text>
          <Text fz={40} fw={800} lh={1} c={BAND_COLORS[band]}>
            {score.score}
          </Text>
        </Stack>
        <Badge size="lg" color={BAND_COLORS[band]} variant="light" data-testid="credit-band">
          {band}
        </Badge>
      </Group>
      <Progress
        value={filled}
        color={BAND_COLORS[band]}
        aria-label={`Score ${score.score} of ${CREDIT_SCORE_MAX}`}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {CREDIT_SCORE_MIN}
        </Text>
        <Text size="xs" c="dimmed">
          {CREDIT_SCORE_MAX}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <LabelledValue fw={600} label="Bounce rate" value={`${score.bounceRate}%`} />
        <LabelledValue fw={600} label="Late payment rate" value={`${score.latePaymentRate}%`} />
        <LabelledValue fw={600} label="Payment history" value={`${score.paymentHistoryRate}%`} />
        <LabelledValue fw={600} label="Bounces (30 days)" value={String(score.bouncesLast30Days)} />
      </SimpleGrid>
    </Stack>
  );
};

/** The credit score card: a customer picker, or the one customer the search found. */
export const CreditScoreCard = ({
  customers,
  pickedId,
  onPick,
  score,
  loading,
  failed,
  hasCustomer,
}: TCreditScoreCardProps) => (
  <Paper withBorder p="md" radius="md" data-testid="credit-score-card">
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={2} fz="h4">
          Credit Score
        </Title>
        <Select
          aria-label="Customer"
          placeholder="Choose a customer"
          searchable
          clearable
          w={260}
          maw="100%"
          data={customers.map((customer) => ({
            value: String(customer.id),
            label: customer.mobile ? `${customer.name} (${customer.mobile})` : customer.name,
          }))}
          value={pickedId === null ? null : String(pickedId)}
          onChange={(value) => onPick(value === null ? null : Number(value))}
          nothingFoundMessage="No customers found"
        />
      </Group>
      {!hasCustomer ? (
        <Text size="sm" c="dimmed">
          Choose a customer, or search for one, to see their credit score.
        </Text>
      ) : score !== undefined ? (
        <ScoreBody score={score} />
      ) : failed ? (
        <Text size="sm" c="red">
          The credit score could not be loaded.
        </Text>
      ) : loading ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : null}
    </Stack>
  </Paper>
);
