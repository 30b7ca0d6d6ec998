import type { Readable } from 'node:stream';
import type { ReportColumn } from '@lending/domain';
import { stringify } from 'csv-stringify';
import { streamRows } from './streams';

/**
 * A CSV file of `columns` and `rows`, UTF-8 with a BOM so spreadsheets read ₹ and names right,
 * streamed as the rows come (a failing source reaches the answer, never the process). Text cells
 * must already be defused (`defuseCsvText`).
 */
export const csvFile = (
  columns: readonly string[],
  rows: Iterable<readonly unknown[]> | AsyncIterable<readonly unknown[]>,
): Readable => streamRows(rows, stringify({ header: true, columns: [...columns], bom: true }));

/**
 * A report's CSV from its columns (`reportColumns(…, 'csv')`): their headers, then the cells of each
 * row as read, `lineOf` making a row the line the columns read.
 */
export const reportCsvFile = <Row, Line>(
  columns: readonly ReportColumn<Line>[],
  rows: AsyncIterable<Row>,
  lineOf: (row: Row) => Line,
): Readable => {
  async function* cells() {
    for await (const row of rows) {
      const line = lineOf(row);
      yield columns.map((column) => column.cell(line));
    }
  }
  return csvFile(
    columns.map((column) => column.header),
    cells(),
  );
};
