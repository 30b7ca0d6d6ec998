import type { Readable } from 'node:stream';
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
