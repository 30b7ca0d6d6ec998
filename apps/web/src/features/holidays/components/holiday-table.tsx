import type { THolidayView } from '@lending/domain';
import { ActionIcon, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ListTable } from '../../../components/list-table';
import { holidayDateLabel, movedLabel } from '../lib/holiday-format';

const COLUMNS = ['Date', 'Name', 'Instalments moved', 'Declared by', 'Actions'];

type THolidayTableProps = {
  year: number;
  holidays: THolidayView[];
  loading: boolean;
  onDelete: (holiday: THolidayView) => void;
};

/**
 * The year's holidays; one whose job moved no instalment may be removed, one that moved some stays, and
 * one still moving shows how far it got.
 */
export const HolidayTable = ({ year, holidays, loading, onDelete }: THolidayTableProps) => (
  <ListTable
    minWidth={700}
    columns={COLUMNS}
    data-testid="holiday-table"
    aria-label={`Holidays of ${year}`}
    empty={
      holidays.length === 0 ? (loading ? 'Loading holidays...' : `No holidays declared for ${year}`) : null
    }
  >
    {holidays.map((holiday) => (
      <Table.Tr key={holiday.date} data-testid={`holiday-row-${holiday.date}`}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{holidayDateLabel(holiday.date)}</Table.Td>
        <Table.Td fw={600}>{holiday.name}</Table.Td>
        <Table.Td>
          {holiday.status === 'moving'
            ? `Moving… ${movedLabel(holiday.loans_moved, holiday.emis_moved)} so far`
            : holiday.emis_moved === 0
              ? 'None'
              : movedLabel(holiday.loans_moved, holiday.emis_moved)}
        </Table.Td>
        <Table.Td>{holiday.declared_by_name ?? '-'}</Table.Td>
        <Table.Td>
          {holiday.status === 'moved' && holiday.emis_moved === 0 ? (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${holiday.name} (${holidayDateLabel(holiday.date)})`}
              onClick={() => onDelete(holiday)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          ) : (
            <Text size="xs" c="dimmed">
              {holiday.status === 'moving' ? 'Moving instalments' : 'Kept: it moved instalments'}
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
