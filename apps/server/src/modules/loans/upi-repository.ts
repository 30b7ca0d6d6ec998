import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/**
 * What a loan's borrower owes now, in paise: each instalment due by `today` still open (pending or
 * bounced: amount + late charge; part-paid: what remains); when nothing is due yet, the next
 * instalment, so a borrower can pay ahead.
 */
export const amountDueNow = async (db: Executor, loanId: number, today: string): Promise<number> => {
  const [row] = rowsOf<{ due: string | null; next: string | null }>(
    await db.execute(sql`
      select (select sum(case when status = 'partial' then remaining_balance else amount + late_charge end)
                from emis where loan_id = ${loanId} and emi_date <= ${today}
                 and status in ('pending', 'bounced', 'partial'))::text as due,
             (select amount + late_charge from emis where loan_id = ${loanId} and emi_date > ${today}
                 and status = 'pending' order by emi_date limit 1)::text as next`),
  );
  const due = Number(row?.due ?? 0);
  return due > 0 ? due : Number(row?.next ?? 0);
};
