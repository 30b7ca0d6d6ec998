import { bounceEmi, ZAgentOverdueResponse, ZOverdueEmiRow } from '@lending/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import type { Headers } from '../../../test/support/loan-api';
import { loanTestApp } from '../../../test/support/loan-api';
import { applyToLoan, createLoan } from '../../../test/support/loans';
import type { LoanRow } from '../../db/schema';

/**
 * GET /loans/dashboard/agent answers JSON text the database wrote, which the route's response
 * serializer never sees: these tests hold every answer to `ZAgentOverdueResponse` instead, on the
 * engine the suite runs on (PGlite or PostgreSQL), with names and money that a hand-made JSON could
 * get wrong (quotes, a backslash, non-ASCII, no mobile, paise that are not whole rupees).
 */
const { t, cast } = await loanTestApp();
const awkwardName = 'Zoë "Zed" D\'Souza \\ ₹ 名';
let loan: LoanRow;

beforeAll(async () => {
  const customer = await createUser(t.db, { name: awkwardName, mobile: null, agentId: cast.agentA.user.id });
  // ₹123.45 a day from 2026-11-18: EMIs 1–3 overdue on 2026-11-21, EMI 2 bounced with a ₹10.05 charge.
  loan = (
    await createLoan(t.db, { customer, startDate: '2026-11-18', totalEmiDays: 10, perDayEmiPaise: 12_345 })
  ).loan;
  await applyToLoan(t.db, loan.id, (state) =>
    bounceEmi(state, { emiNumber: 2, charge: 1_005, reason: 'Insufficient funds', today: '2026-11-19' }),
  );
  await createLoan(t.db, { customer: cast.customerB, startDate: '2026-11-19', totalEmiDays: 10 });
});

const answerOf = async (headers: Headers, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/loans/dashboard/agent${query}`, headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json();
};

/** The answer is the contract exactly: nothing the schema would strip, drop or coerce, keys in its order. */
const expectContract = (answer: unknown) => {
  expect(ZAgentOverdueResponse.parse(answer)).toEqual(answer);
  expect(Object.keys(answer as object)).toEqual(Object.keys(ZAgentOverdueResponse.shape));
  for (const row of (answer as { results: object[] }).results)
    expect(Object.keys(row)).toEqual(Object.keys(ZOverdueEmiRow.shape));
};

describe('GET /api/loans/dashboard/agent answers ZAgentOverdueResponse', () => {
  it('for admins, agents, searches and pages, empty or not', async () => {
    const answers = [
      await answerOf(cast.admin.headers),
      await answerOf(cast.admin.headers, `?agentId=${cast.agentA.user.id}&limit=2&page=2`),
      await answerOf(cast.agentA.headers),
      await answerOf(cast.agentA.headers, '?search=souza'),
      await answerOf(cast.agentB.headers, `?customerId=${loan.customerId}`),
      await answerOf(cast.admin.headers, '?page=50'),
    ];
    for (const answer of answers) expectContract(answer);
    expect(answers.map((answer) => answer.results.length)).toEqual([5, 1, 3, 3, 0, 0]);
  });

  it('writes names, a missing mobile and rupees exactly as the rows hold them', async () => {
    const answer = await answerOf(cast.agentA.headers, `?search=${loan.loanCode}`);
    expect(answer).toEqual({
      results: [1, 2, 3].map((emiNumber) => ({
        loan_id: loan.id,
        loan_code: loan.loanCode,
        customer_id: loan.customerId,
        customer_name: awkwardName,
        customer_mobile: null,
        emi_number: emiNumber,
        emi_date: `2026-11-${17 + emiNumber}`,
        status: emiNumber === 2 ? 'bounced' : 'pending',
        amount: 123.45,
        late_charge: emiNumber === 2 ? 10.05 : 0,
      })),
      totalCount: 3,
      overdueLoans: 1,
      totalDue: 380.4,
    });
  });
});
