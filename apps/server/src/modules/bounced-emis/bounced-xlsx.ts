import { PassThrough, type Readable } from 'node:stream';
import { bouncedStatusLabel, daysBetween, istDateOf, paiseToRupees } from '@lending/domain';
import ExcelJS from 'exceljs';
import type { BouncedRow } from './bounced-repository';
import { bounceRecordStatus } from './bounced-status';

const COLUMNS: { header: string; key: string; width: number; money?: boolean }[] = [
  { header: 'Loan #', key: 'loanNumber', width: 9 },
  { header: 'Loan Code', key: 'loanCode', width: 12 },
  { header: 'Customer', key: 'customer', width: 24 },
  { header: 'Mobile', key: 'mobile', width: 14 },
  { header: 'EMI #', key: 'emiNumber', width: 7 },
  { header: 'EMI Date', key: 'emiDate', width: 12 },
  { header: 'EMI Amount', key: 'amount', width: 12, money: true },
  { header: 'Late Charges', key: 'lateCharge', width: 13, money: true },
  { header: 'Status', key: 'status', width: 11 },
  { header: 'Bounce Count', key: 'bounceCount', width: 13 },
  { header: 'Bounced On', key: 'bouncedOn', width: 12 },
  { header: 'Bounce Age (days)', key: 'age', width: 17 },
  { header: 'Reason', key: 'reason', width: 24 },
  { header: 'Notes', key: 'notes', width: 30 },
  { header: 'Marked By', key: 'collector', width: 20 },
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
  sheet.columns = COLUMNS.map(({ header, key, width, money }) => ({
    header,
    key,
    width,
    ...(money ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  const write = async () => {
    for await (const row of rows) {
      const bouncedOn = row.emi.bouncedOn ?? (row.emi.bouncedAt ? istDateOf(row.emi.bouncedAt) : '');
      sheet
        .addRow({
          loanNumber: row.loanNumber,
          loanCode: row.loanCode,
          customer: row.customerName,
          mobile: row.customerMobile ?? '',
          emiNumber: row.emi.emiNumber,
          emiDate: row.emi.emiDate,
          amount: paiseToRupees(row.emi.amount),
          lateCharge: paiseToRupees(row.emi.lateCharge),
          status: bouncedStatusLabel(bounceRecordStatus(row.emi.bounceStatus)),
          bounceCount: row.emi.bounceCount,
          bouncedOn,
          age: bouncedOn ? Math.max(0, daysBetween(bouncedOn, today)) : '',
          reason: row.emi.bouncedReason ?? '',
          notes: row.emi.notes ?? '',
          collector: row.collectorName ?? '',
        })
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
