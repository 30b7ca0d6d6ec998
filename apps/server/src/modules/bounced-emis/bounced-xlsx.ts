import { daysBetween, istDateOf, paiseToRupees } from '@lending/domain';
import ExcelJS from 'exceljs';
import type { BouncedRow } from './bounced-repository';

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
 * Bounced EMIs as an .xlsx workbook (exceljs): one sheet 'Bounced EMIs', a bold frozen header, a row
 * per EMI; amounts are numbers in rupees with two decimals, dates YYYY-MM-DD (Asia/Kolkata). Text is
 * written as text cells, never as formulas.
 */
export const bouncedXlsx = async (rows: readonly BouncedRow[], today: string): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Daily-EMI Lending';
  const sheet = workbook.addWorksheet('Bounced EMIs', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(({ header, key, width, money }) => ({
    header,
    key,
    width,
    ...(money ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const bouncedOn = row.emi.bouncedOn ?? (row.emi.bouncedAt ? istDateOf(row.emi.bouncedAt) : '');
    sheet.addRow({
      loanNumber: row.loanNumber,
      loanCode: row.loanCode,
      customer: row.customerName,
      mobile: row.customerMobile ?? '',
      emiNumber: row.emi.emiNumber,
      emiDate: row.emi.emiDate,
      amount: paiseToRupees(row.emi.amount),
      lateCharge: paiseToRupees(row.emi.lateCharge),
      status: row.emi.bounceStatus === 'recovered' ? 'Recovered' : 'Bounced',
      bounceCount: row.emi.bounceCount,
      bouncedOn,
      age: bouncedOn ? Math.max(0, daysBetween(bouncedOn, today)) : '',
      reason: row.emi.bouncedReason ?? '',
      notes: row.emi.notes ?? '',
      collector: row.collectorName ?? '',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
