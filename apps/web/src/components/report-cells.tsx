import type { ReportColumn } from '@lending/domain';
import { Table, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';

type TReportCellsProps<Line> = {
  /** The report's columns on the screen (`reportColumns(…, 'screen')`). */
  columns: readonly ReportColumn<Line>[];
  line: Line;
  /** Cells drawn richer than their column's text (a badge, a name with its mobile), by column key. */
  rich?: Record<string, (line: Line, text: string) => ReactNode>;
  /** Props of some columns' cells, by column key. */
  cellProps?: Record<string, TableTdProps & { 'data-testid'?: string }>;
};

/** One line of a report as table cells, one per column, in the domain's column order. */
export const ReportCells = <Line,>({ columns, line, rich = {}, cellProps = {} }: TReportCellsProps<Line>) =>
  columns.map((column) => {
    const text = String(column.cell(line));
    return (
      <Table.Td key={column.key} {...cellProps[column.key]}>
        {rich[column.key]?.(line, text) ?? text}
      </Table.Td>
    );
  });
