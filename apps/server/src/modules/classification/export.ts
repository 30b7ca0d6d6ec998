import { PassThrough, type Readable } from 'node:stream';
import { defuseCsvText, REGISTER_COLUMNS, type TRegisterRow } from '@lending/domain';
import ExcelJS from 'exceljs';
import { keysetBatches } from '../../db/sql';
import { csvFile } from '../../platform/csv-file';
import type { AppDeps } from '../../platform/deps';
import { type RegisterFilter, registerBatch } from './repository';
import { toRegisterRow } from './service';

/** Every row of the register the filter matches, read in batches by loan id (bounded memory). */
async function* registerRows(deps: AppDeps, filter: RegisterFilter): AsyncGenerator<TRegisterRow> {
  const rows = keysetBatches(
    (after: number | undefined, limit) => registerBatch(deps.db, filter, after, limit),
    (row) => row.loan_id,
    deps.exportBatchRows,
  );
  for await (const row of rows) yield toRegisterRow(row);
}

/** The register as CSV: UTF-8 with a BOM, names defused. */
export const registerCsv = (deps: AppDeps, filter: RegisterFilter): Readable => {
  async function* lines() {
    for await (const row of registerRows(deps, filter))
      yield REGISTER_COLUMNS.map((column) => {
        const value = column.cell(row);
        return column.typed && typeof value === 'string' ? defuseCsvText(value) : value;
      });
  }
  return csvFile(
    REGISTER_COLUMNS.map((column) => column.header),
    lines(),
  );
};

/**
 * The register as an .xlsx workbook, streamed row by row (exceljs' streaming writer, no shared
 * strings): one sheet, a bold frozen header, rupees as numbers with two decimals; text is never a formula.
 */
export const registerXlsx = (deps: AppDeps, filter: RegisterFilter): Readable => {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = deps.lenderName;
  const sheet = workbook.addWorksheet('SMA-NPA register', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = REGISTER_COLUMNS.map(({ header, money }) => ({
    header,
    width: Math.max(12, header.length + 2),
    ...(money ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    for await (const row of registerRows(deps, filter))
      sheet.addRow(REGISTER_COLUMNS.map((column) => column.cell(row))).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
