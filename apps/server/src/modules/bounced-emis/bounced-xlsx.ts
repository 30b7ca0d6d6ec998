import { PassThrough, type Readable } from 'node:stream';
import { bouncedStatusLabel, daysBetween, istDateOf, paiseToRupees } from '@lending/domain';
import ExcelJS from 'exceljs';
import type { BouncedRow } from './bounced-repository';
import { bounceRecordStatus } from './bounced-status';

type Column = {
  header: string;
  width: number;
  money?: boolean;
  value: (row: BouncedRow, today: string) => unknown;
};

/** The IST day the EMI bounced: its stored business day, else the day of its bounce instant. */
const bouncedOnOf = (row: BouncedRow) =>
  row.emi.bouncedOn ?? (row.emi.bouncedAt ? istDateOf(row.emi.bouncedAt) : '');

// Each column says what it shows next to how it is headed, so a column cannot drift from its cells.
const COLUMNS: Column[] = [
  { header: 'Loan #', width: 9, value: (row) => row.loanNumber },
  { header: 'Loan Code', width: 12, value: (row) => row.loanCode },
  { header: 'Customer', width: 24, value: (row) => row.customerName },
  { header: 'Mobile', width: 14, value: (row) => row.customerMobile ?? '' },
  { header: 'EMI #', width: 7, value: (row) => row.emi.emiNumber },
  { header: 'EMI Date', width: 12, value: (row) => row.emi.emiDate },
  { header: 'EMI Amount', width: 12, money: true, value: (row) => paiseToRupees(row.emi.amount) },
  { header: 'Late Charges', width: 13, money: true, value: (row) => paiseToRupees(row.emi.lateCharge) },
  {
    header: 'Status',
    width: 11,
    value: (row) => bouncedStatusLabel(bounceRecordStatus(row.emi.bounceStatus)),
  },
  { header: 'Bounce Count', width: 13, value: (row) => row.emi.bounceCount },
  { header: 'Bounced On', width: 12, value: bouncedOnOf },
  {
    header: 'Bounce Age (days)',
    width: 17,
    value: (row, today) => {
      const bouncedOn = bouncedOnOf(row);
      return bouncedOn ? Math.max(0, daysBetween(bouncedOn, today)) : '';
    },
  },
  { header: 'Reason', width: 24, value: (row) => row.emi.bouncedReason ?? '' },
  { header: 'Notes', width: 30, value: (row) => row.emi.notes ?? '' },
  { header: 'Marked By', width: 20, value: (row) => row.collectorName ?? '' },
];

/** The header row of the bounced EMIs export. */
export const BOUNCED_XLSX_HEADER = COLUMNS.map((column) => column.header);

/**
 * Bounced EMIs as an .xlsx workbook (exceljs' streaming writer): one sheet 'Bounced EMIs', a bold frozen
 * header, a row per EMI; amounts are numbers in rupees with two decimals, dates YYYY-MM-DD (Asia/Kolkata).
 * Text is written as text cells, never as formulas. Each row is committed as it is read, so the
 * workbook streams out in bounded memory whatever its length (no shared-strings table to hold).
 */
export const bouncedXlsx = (rows: AsyncIterable<BouncedRow>, today: string): Readable => {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Daily-EMI Lending';
  const sheet = workbook.addWorksheet('Bounced EMIs', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(({ header, width, money }) => ({
    header,
    width,
    ...(money ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  const write = async () => {
    for await (const row of rows) {
      sheet.addRow(COLUMNS.map((column) => column.value(row, today))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
