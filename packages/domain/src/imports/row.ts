import type { z } from 'zod';
import type { IsoDate } from '../time/ist';
import { type CellRead, fromText, type ImportCell, readText } from './cells';
import { IMPORT_COLUMNS } from './columns';
import type { ImportMapping } from './headers';
import type { ImportColumn, ImportKind } from './kinds';
import { importMessages } from './messages';
import type { ImportLookups, ImportSeen } from './seen';

/** One error of one row: the row number, the column's header as the file writes it, and why. */
export type ImportRowError = { row: number; column: string; message: string };

/** An error as one line: "Row 60000, Mobile: '98765' is not a 10-digit mobile number". */
export const importErrorText = (error: ImportRowError): string =>
  `Row ${error.row}, ${error.column}: ${error.message}`;

/**
 * What checking a row needs besides its cells: the sheet's header row and mapping (`matchHeaders`),
 * the cut-over day (nothing is paid or collected after it), the book's answers, and the
 * accumulator of the rows before it. `date1904`: the workbook counts dates from 1904.
 */
export type ImportCheckContext = {
  headers: readonly string[];
  mapping: ImportMapping;
  today: IsoDate;
  lookups: ImportLookups;
  seen: ImportSeen;
  date1904?: boolean;
};

/** One row being checked: its cells read by column key, its errors (one per column at most). */
export type RowCheck = {
  row: number;
  context: ImportCheckContext;
  errors: ImportRowError[];
  /** The column's cell read by `reader`; null when empty (required and empty is an error) or wrong. */
  read<T>(key: string, reader: (cell: ImportCell) => CellRead<T>): T | null;
  /** Records `message` against the column, unless it already has an error. */
  fail(key: string, message: string): void;
  /** Whether the column has no error so far. */
  clean(key: string): boolean;
  /** The errors in the order of the file's columns (those of absent columns last). */
  sortedErrors(): ImportRowError[];
};

/** Starts checking one row of a kind. */
export const rowCheck = (
  kind: ImportKind,
  cells: readonly ImportCell[],
  row: number,
  context: ImportCheckContext,
): RowCheck => {
  const columns: readonly ImportColumn[] = IMPORT_COLUMNS[kind];
  const mapping = context.mapping as Record<string, number | undefined>;
  const errors: ImportRowError[] = [];
  const failed = new Set<string>();
  const positions = new Map<ImportRowError, number>();
  const columnOf = (key: string) => {
    const column = columns.find((c) => c.key === key);
    if (column === undefined) throw new RangeError(`No column ${key} in ${kind}`);
    return column;
  };
  const header = (key: string): string => {
    const index = mapping[key];
    const written = index === undefined ? '' : (context.headers[index] ?? '').trim();
    return written === '' ? columnOf(key).header : written;
  };
  const fail = (key: string, message: string) => {
    if (failed.has(key)) return;
    failed.add(key);
    const error = { row, column: header(key), message };
    errors.push(error);
    positions.set(error, mapping[key] ?? Number.MAX_SAFE_INTEGER);
  };
  const read = <T>(key: string, reader: (cell: ImportCell) => CellRead<T>): T | null => {
    const index = mapping[key];
    const result = reader(index === undefined ? undefined : cells[index]);
    if (!result.ok) fail(key, result.message);
    else if (result.value === null && columnOf(key).required) fail(key, importMessages.required);
    return result.ok ? result.value : null;
  };
  const sortedErrors = () => [...errors].sort((a, b) => (positions.get(a) ?? 0) - (positions.get(b) ?? 0));
  return { row, context, errors, read, fail, clean: (key) => !failed.has(key), sortedErrors };
};

/**
 * A text cell checked by one of the product's form fields (its rule and its message): the value the
 * field gives, or its first message with the cell quoted.
 */
export const textBy =
  <T>(field: z.ZodType<T>) =>
  (cell: ImportCell): CellRead<NonNullable<T>> =>
    fromText(cell, (text) => {
      const parsed = field.safeParse(text);
      if (!parsed.success)
        return { ok: false, message: importMessages.withValue(parsed.error.issues[0]?.message ?? '', text) };
      return { ok: true, value: parsed.data ?? null };
    });

/** A text of at most `max` characters (a reference). */
export const shortText =
  (max: number) =>
  (cell: ImportCell): CellRead<string> => {
    const text = readText(cell);
    if (text.ok && text.value !== null && text.value.length > max)
      return { ok: false, message: importMessages.tooLong(max) };
    return text;
  };
