import { DAY_CLOSE_REPORT_COLUMNS, reportColumns, type TDayClose } from '@lending/domain';
import { Table, type TableTdProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/list-table';
import { ReportCells } from '../../../components/report-cells';

const COLUMNS = reportColumns(DAY_CLOSE_REPORT_COLUMNS, 'screen');
const HEADERS = COLUMNS.map((column) => column.header);

/** A shortfall reads red, an excess orange. */
const differenceColor = (close: TDayClose) =>
  close.difference < 0 ? 'red' : close.difference > 0 ? 'orange' : undefined;

const RICH_CELLS: Record<string, (close: TDayClose, text: string) => ReactNode> = {
  difference: (close, text) => (
    <Text size="sm" c={differenceColor(close)}>
      {text}
    </Text>
  ),
};

const CELL_PROPS: Record<string, TableTdProps> = {
  day: { style: { whiteSpace: 'nowrap' } },
  carried: { fw: 700 },
};

/** Closed days with their fixed figures. */
export const DayCloseTable = ({ closes, loading }: { closes: readonly TDayClose[]; loading: boolean }) => (
  <ListTable
    columns={HEADERS}
    minWidth={1200}
    data-testid="day-closes"
    empty={loading ? 'Loading…' : closes.length === 0 ? 'No closed days match.' : null}
  >
    {closes.map((close) => (
      <Table.Tr key={close.id} data-testid={`day-close-${close.id}`}>
        <ReportCells columns={COLUMNS} line={close} rich={RICH_CELLS} cellProps={CELL_PROPS} />
      </Table.Tr>
    ))}
  </ListTable>
);
