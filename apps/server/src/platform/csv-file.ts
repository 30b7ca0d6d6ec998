import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * A CSV file of `columns` and `rows`, UTF-8 with a BOM so spreadsheets read ₹ and names right,
 * streamed as the rows come. Text cells must already be defused (`defuseCsvText`).
 */
export const csvFile = (
  columns: readonly string[],
  rows: Iterable<readonly unknown[]> | AsyncIterable<readonly unknown[]>,
): Readable => Readable.from(rows).pipe(stringify({ header: true, columns: [...columns], bom: true }));
