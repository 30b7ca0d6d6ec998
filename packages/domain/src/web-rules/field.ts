import { type Paise, rupeesToPaise } from '../money/paise';
import type { TOverdueEmiRow } from '../schemas/field';
import type { IsoDate } from '../time/ist';

/** One loan of the agent's overdue list: its overdue EMIs and their totals, money in paise. */
export type TOverdueLoanGroup = {
  loan_id: number;
  loan_code: string;
  customer_id: number;
  customer_name: string;
  customer_mobile: string | null;
  /** The earliest overdue EMI's date. */
  overdue_since: IsoDate;
  count: number;
  overdue_emi_numbers: number[];
  total_emi_amount: Paise;
  total_late_charges: Paise;
  total_due: Paise;
  /** The overdue EMIs, oldest first. */
  emis: TOverdueEmiRow[];
};

/**
 * The overdue EMIs grouped per loan, in the order the loans first appear. A row seen twice (pages
 * that overlap after the list changed) counts once. Amounts are summed in paise.
 */
export const groupOverdueByLoan = (rows: readonly TOverdueEmiRow[]): TOverdueLoanGroup[] => {
  const groups = new Map<number, TOverdueLoanGroup>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.loan_id}:${row.emi_number}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const amount = rupeesToPaise(row.amount);
    const charge = rupeesToPaise(row.late_charge);
    const group = groups.get(row.loan_id);
    if (group === undefined) {
      groups.set(row.loan_id, {
        loan_id: row.loan_id,
        loan_code: row.loan_code,
        customer_id: row.customer_id,
        customer_name: row.customer_name,
        customer_mobile: row.customer_mobile,
        overdue_since: row.emi_date,
        count: 1,
        overdue_emi_numbers: [row.emi_number],
        total_emi_amount: amount,
        total_late_charges: charge,
        total_due: amount + charge,
        emis: [row],
      });
      continue;
    }
    if (row.emi_date < group.overdue_since) group.overdue_since = row.emi_date;
    group.count += 1;
    group.overdue_emi_numbers.push(row.emi_number);
    group.total_emi_amount += amount;
    group.total_late_charges += charge;
    group.total_due += amount + charge;
    group.emis.push(row);
  }
  const result = [...groups.values()];
  for (const group of result) {
    group.overdue_emi_numbers.sort((a, b) => a - b);
    group.emis.sort((a, b) => a.emi_number - b.emi_number);
  }
  return result;
};
