import { dashboardLinks, figureLinkUrl, type TFigureLink } from '@lending/domain';
import { describe, expect, it } from 'vitest';
import { dashboardBook } from '../../../test/support/dashboard-book';

/** The book of test/support/dashboard-book.ts, "today" 2026-11-21 (IST). */
const { t, cast } = await dashboardBook();
const TODAY = '2026-11-21';
const links = dashboardLinks(TODAY);

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: cast.admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The list endpoint each screen reads, with the screen's filters as they are in its URL. */
const API_OF: Record<string, string> = {
  '/admin/payments-due': '/api/loans/emis/due',
  '/admin/loans': '/api/loans',
  '/admin/users': '/api/users',
};
const listOf = (link: TFigureLink) => {
  const url = figureLinkUrl(link).replace(link.path, API_OF[link.path] ?? link.path);
  return get(`${url}${url.includes('?') ? '&' : '?'}limit=1`);
};

describe("every dashboard figure equals the total of the list it links to, over the link's filters", () => {
  it("today's, overdue and all open EMIs: Payments Due's count and what the open rows owe", async () => {
    const book = await get('/api/loans/admin-dashboard');
    const dueToday = await listOf(links.dueToday);
    expect(dueToday.total).toBe(book.todaysEmisCount);
    const pairs = [
      [links.openToday, book.todaysUnpaidEmisCount, book.todaysUnpaidEmisAmount],
      [links.openOverdue, book.overdueEmisCount, book.overdueEmisAmount],
      [links.openAll, book.allPendingEmisCount, book.allPendingEmisAmount],
    ] as const;
    for (const [link, count, amount] of pairs) {
      const list = await listOf(link);
      expect([list.total, list.totals.open_count, list.totals.open_amount], figureLinkUrl(link)).toEqual([
        count,
        count,
        amount,
      ]);
    }
    const today = await listOf(links.openToday);
    expect(book.averageAmountToBeCollectedToday).toBe(
      Math.round((today.totals.open_amount * 100) / today.total) / 100,
    );
    // The book's own numbers, so the equality is not 0 = 0.
    expect([
      book.todaysEmisCount,
      book.todaysUnpaidEmisCount,
      book.overdueEmisCount,
      book.allPendingEmisCount,
    ]).toEqual([2, 2, 20, 197]);
  });

  it('principal lent, loans given this month, approved loans: the Loans list total and amount', async () => {
    const book = await get('/api/loans/admin-dashboard');
    const lent = await listOf(links.lentLoans);
    expect(lent.totalAmount).toBe(book.totalPrincipal);
    const month = await listOf(links.lentThisMonth);
    expect([month.total, month.totalAmount]).toEqual([book.monthlyLoanCount, book.monthlyLoanAmount]);
    expect(book.monthlyLoanCount).toBe(2);
    // The cards the screen reads from the lists themselves: the same endpoint and filters as the link.
    const approved = await listOf(links.approvedLoans);
    expect(approved.total).toBe((await get('/api/loans?status=approved&limit=1')).total);
    expect(approved.total).toBe(2);
    const all = await listOf(links.allLoans);
    expect(all.total).toBe(4);
  });

  it('borrowers and agents: the Users list by role', async () => {
    for (const [link, role] of [
      [links.borrowers, 'user'],
      [links.agents, 'agent'],
    ] as const) {
      const list = await listOf(link);
      expect(list.total).toBe((await get(`/api/users?role=${role}&limit=1`)).total);
      expect(list.total).toBeGreaterThan(0);
    }
  });
});
