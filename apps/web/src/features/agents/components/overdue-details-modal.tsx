import type { TOverdueLoanGroup } from '@lending/domain';
import { Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DialogTable } from '../../../components/dialog-table';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { usePhone } from '../../../lib/use-phone';
import { useWhileOpen } from '../../../lib/use-while-open';
import { formatAmount, formatDay, formatPaise } from '../lib/format';

const COLUMNS = ['EMI #', 'Date', 'Status', 'Amount', 'Late Charge'];

export const OVERDUE_DETAILS_TITLE = 'Overdue EMI Details';

type TOverdueDetailsModalProps = {
  group: TOverdueLoanGroup | null;
  onClose: () => void;
  onCollect: (group: TOverdueLoanGroup) => void;
};

const statusColor = (status: string) =>
  status === 'bounced' ? 'red' : status === 'partial' ? 'orange' : 'yellow';

/** Every overdue EMI of one loan: number, date, status, amount, late charge. */
export const OverdueDetailsModal = ({ group: current, onClose, onCollect }: TOverdueDetailsModalProps) => {
  const group = useWhileOpen(current, current !== null);
  const phone = usePhone();
  return (
    <ResponsiveModal
      stackId="agent-overdue-details"
      opened={current !== null}
      onClose={onClose}
      title={OVERDUE_DETAILS_TITLE}
      size="lg"
    >
      {group === null ? null : (
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="xs">
            <Stack gap={0}>
              <Text fw={600}>{group.customer_name}</Text>
              <Text size="sm" c="dimmed">
                {group.customer_mobile ?? '-'}
              </Text>
            </Stack>
            <Stack gap={0} ta="right">
              <Text fw={600}>{group.loan_code}</Text>
              <Text size="sm" c="dimmed">{`Since ${formatDay(group.overdue_since)}`}</Text>
            </Stack>
          </SimpleGrid>
          <DialogTable
            minWidth={340}
            height={360}
            columns={COLUMNS}
            data-testid="overdue-emis-table"
            footer={
              <>
                <Table.Th colSpan={3}>{`Total (${group.count} EMI${group.count === 1 ? '' : 's'})`}</Table.Th>
                <Table.Th>{formatPaise(group.total_emi_amount)}</Table.Th>
                <Table.Th>{formatPaise(group.total_late_charges)}</Table.Th>
              </>
            }
            empty={null}
          >
            {group.emis.map((emi) => (
              <Table.Tr key={emi.emi_number}>
                <Table.Td>{emi.emi_number}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(emi.emi_date)}</Table.Td>
                <Table.Td>
                  <Badge
                    size={phone ? 'xs' : 'sm'}
                    variant="light"
                    color={statusColor(emi.status)}
                    style={{ minWidth: 'max-content' }}
                  >
                    {emi.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatAmount(emi.amount)}</Table.Td>
                <Table.Td>{formatAmount(emi.late_charge)}</Table.Td>
              </Table.Tr>
            ))}
          </DialogTable>
          <Group justify="space-between">
            <Text fw={700}>{`Total Due: ${formatPaise(group.total_due)}`}</Text>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button color="green" onClick={() => onCollect(group)}>
                Collect
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </ResponsiveModal>
  );
};
