import type { LoanRow } from '../../src/db/schema';
import { catchUpEveryFigure } from '../../src/modules/read-model';
import { emiTestApp, expectBalanced, expectOk } from './emi-api';
import { createLoan, listEmis } from './loans';

/**
 * The dashboard's test book, with "today" 2026-11-21 (IST):
 * - P: ₹10,000 at ₹120 × 100 from 2026-10-30 (interest ₹2,000: one sixth of each instalment rupee).
 *   Oct 30 EMI 1 paid in cash (₹120); Oct 31 EMI 2 paid ₹100 of ₹120 (₹20 carried, ₹2 charge);
 *   Nov 21 EMI 3 paid full (₹142: ₹140 instalment, ₹2 charge).
 * - Q: ₹5,000 at ₹70 × 100 from 2026-11-20 (interest ₹2,000: two sevenths); EMI 1 bounced on Nov 21
 *   with a ₹20 charge, which is then waived.
 * - F: ₹1,200 at ₹130 × 10 from 2026-11-18 (interest ₹100); EMI 1 paid on Nov 18, foreclosed in full
 *   on Nov 21 (₹1,170); closed.
 * - R: a ₹3,000 loan still pending acceptance (no money moved: in no figure).
 */
export const dashboardBook = async () => {
  const { t, cast, api } = await emiTestApp();
  const at = (iso: string) => t.clock.set(new Date(iso));
  /** The row of a loan created on the book's cast (R's is never read: it only has to exist). */
  const lent = async (overrides: Parameters<typeof createLoan>[1]): Promise<LoanRow> =>
    (await createLoan(t.db, overrides)).loan;
  const loanP = await lent({ customer: cast.customerA, loanAmountPaise: 1_000_000, startDate: '2026-10-30' });
  const loanQ = await lent({
    customer: cast.customerB,
    loanAmountPaise: 500_000,
    perDayEmiPaise: 7_000,
    startDate: '2026-11-20',
  });
  const loanF = await lent({
    customer: cast.customerA,
    loanAmountPaise: 120_000,
    perDayEmiPaise: 13_000,
    totalEmiDays: 10,
    startDate: '2026-11-18',
  });
  await lent({ customer: cast.customerB, loanAmountPaise: 300_000, status: 'pending_acceptance' });

  at('2026-10-30T05:00:00Z');
  expectOk(await api.pay(cast.agentA.headers, loanP.id, 1, { payment_mode: 'cash' }));
  at('2026-10-31T05:00:00Z');
  expectOk(await api.pay(cast.agentA.headers, loanP.id, 2, { payment_type: 'partial', payment_amount: 100 }));
  at('2026-11-18T05:00:00Z');
  expectOk(await api.pay(cast.admin.headers, loanF.id, 1, {}));
  at('2026-11-21T05:00:00Z');
  expectOk(await api.pay(cast.agentA.headers, loanP.id, 3, {}));
  expectOk(
    await api.bounce(cast.agentB.headers, loanQ.id, 1, { late_charges: 20, reason: 'Insufficient funds' }),
  );
  // The ₹20 bounce charge is waived: no longer owed, and never income.
  const bouncedEmi = (await listEmis(t.db, loanQ.id)).find((emi) => emi.emiNumber === 1);
  expectOk(await api.clearEmi(cast.admin.headers, bouncedEmi?.id ?? 0, { amount: 20 }));
  expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/loans/${loanF.id}/foreclose`,
      headers: cast.admin.headers,
      payload: { foreclosure_type: 'full', reason: 'Customer Request' },
    }),
  );
  for (const loan of [loanP, loanQ, loanF]) await expectBalanced(t, loan.id);
  // Every kept figure the projector folds in after commit, as a server's would be by now.
  await catchUpEveryFigure(t.db);
  return { t, cast, api, loanP, loanQ, loanF };
};
