import { formatRupees, rupeesToPaise, type TCashPosition } from '@lending/domain';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReportMoney } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { PageHeader } from '../../../components/page-header';
import { StatCards } from '../../../components/stat-cards';
import { useCurrentUser } from '../../../lib/session';
import { useCashPositions } from '../api/get-positions';
import { useDayClose } from '../api/post-day-close';
import { HandoverModal } from '../components/handover-modal';
import { PositionsTable } from '../components/positions-table';

export const CASH_FETCH_FAILED = 'Failed to load cash positions';
export const DAY_CLOSE_FAILED = 'Failed to close the day';

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees), 2);

/** Cash in Hand (/admin/cash): where every collector's cash is, handovers and day closes. */
export const CashPage = () => {
  const positions = useCashPositions();
  const { user } = useCurrentUser();
  const dayClose = useDayClose();
  const [handingOver, setHandingOver] = useState<TCashPosition | null>(null);
  const data = positions.data;
  const rows = data?.positions ?? [];
  const holding = rows.filter((p) => p.in_hand > 0).length;
  const overdue = rows.filter((p) => p.overdue).length;

  const handleCloseDay = async (position: TCashPosition) => {
    const confirmed = await confirmAction({
      title: `Close ${position.collector_name}'s day`,
      message: `Close ${data?.today ?? 'today'} for ${position.collector_name} with ${money(position.in_hand)} carried in hand? After the close no payment or handover of theirs is recorded on this day.`,
      confirmLabel: 'Close day',
    });
    if (!confirmed) return;
    try {
      const answer = await dayClose.mutateAsync({ collector_id: position.collector_id });
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, DAY_CLOSE_FAILED) });
    }
  };

  return (
    <Stack gap="md" data-testid="page-cash">
      <PageHeader testId="cash-title" title="Cash in Hand">
        <Button
          component={Link}
          to="/admin/cash/day-closes"
          variant="default"
          leftSection={<IconReportMoney size={16} />}
        >
          Day close report
        </Button>
      </PageHeader>
      <StatCards
        testIdPrefix="cash-card"
        span={{ base: 12, sm: 4 }}
        cards={[
          {
            label: 'Total in hand',
            value: money(data?.total_in_hand ?? 0),
            note: data ? `Business day ${data.today}` : undefined,
          },
          { label: 'Collectors holding cash', value: holding },
          { label: 'Held more than 1 day', value: overdue, color: overdue > 0 ? 'red' : undefined },
        ]}
      />
      <Paper withBorder p="sm" radius="md">
        {positions.isError ? (
          <LoadingOrFailed failed message={CASH_FETCH_FAILED} />
        ) : (
          <PositionsTable
            positions={rows}
            loading={positions.isPending}
            closing={dayClose.isPending ? (dayClose.variables?.collector_id ?? null) : null}
            selfId={user?.id ?? null}
            onHandover={setHandingOver}
            onCloseDay={handleCloseDay}
          />
        )}
        <Text size="xs" c="dimmed" mt="xs">
          Cash in hand is cash collected less cash refunds paid and handovers; rows held more than a day are
          red.
        </Text>
      </Paper>
      <HandoverModal position={handingOver} onClose={() => setHandingOver(null)} />
    </Stack>
  );
};
