import { inIst } from '../../../lib/dayjs';

/** Expense moments as the table shows them, in Asia/Kolkata: '02:15:09 PM, 21-Nov-2026'. */
export const formatExpenseMoment = (iso: string): string => {
  const moment = inIst(iso);
  return moment.isValid() ? moment.format('hh:mm:ss A, DD-MMM-YYYY') : iso;
};
