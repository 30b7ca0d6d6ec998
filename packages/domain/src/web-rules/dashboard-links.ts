import type { IsoDate } from '../time';
import { addDays } from '../time';
import { monthWindowsOf } from '../time/months';

/**
 * Where each admin dashboard figure leads: the list it summarises and that list's filters, which the
 * list page reads from its URL. The list's server total over those filters equals the figure (the
 * dashboard's figure test fetches every link through the list's endpoint); see docs/dashboard.md.
 */
export type TFigureLink = { path: string; query: Readonly<Record<string, string>> };

/** A link as a URL: the path and its filters in a stable order. */
export const figureLinkUrl = (link: TFigureLink): string => {
  const query = Object.entries(link.query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return query === '' ? link.path : `${link.path}?${query}`;
};

/** The dashboard's links for IST business day `today` (this month runs from its 1st to today). */
export const dashboardLinks = (today: IsoDate) => {
  const months = monthWindowsOf(today);
  const monthStart = months.currentStart;
  /** Last month, from its 1st to its last day: the base of the cards' month-on-month change. */
  const last = { from: months.lastStart, through: addDays(monthStart, -1) };
  const due = (query: Record<string, string>): TFigureLink => ({ path: '/admin/payments-due', query });
  const loans = (query: Record<string, string>): TFigureLink => ({ path: '/admin/loans', query });
  const users = (role: string): TFigureLink => ({ path: '/admin/users', query: { role } });
  const collections = (
    kind: 'cash' | 'collected',
    from?: IsoDate,
    through: IsoDate = today,
  ): TFigureLink => ({
    path: '/admin/loans/agent-collections',
    query:
      from === undefined ? { kind } : { kind, startDate: `${from} 00:00:00`, endDate: `${through} 23:59:59` },
  });
  /** Open EMIs dated from today through the window's last day: what the projection expects. */
  const inflow = (days: number) =>
    due({ date: today, dates: 'range', to: addDays(today, days - 1), status: 'open' });
  const expenses = (query: Record<string, string>): TFigureLink => ({ path: '/admin/expenses', query });
  const tasks = (status: string): TFigureLink => ({ path: '/admin/todos', query: { status } });
  return {
    borrowers: users('user'),
    agents: users('agent'),
    approvedLoans: loans({ status: 'approved' }),
    /** Every loan: the Loans panel's counts by stage and total amount are that list's cards. */
    allLoans: loans({}),
    lentLoans: loans({ status: 'lent' }),
    lentThisMonth: loans({ status: 'lent', start_date: monthStart, end_date: today }),
    lentLastMonth: loans({ status: 'lent', start_date: last.from, end_date: last.through }),
    dueToday: due({ date: today, dates: 'day', status: 'due' }),
    openToday: due({ date: today, dates: 'day', status: 'open' }),
    openOverdue: due({ date: today, dates: 'before', status: 'open' }),
    openAll: due({ dates: 'any', status: 'open' }),
    /** The ledger's cash rows: revenue, recovered, interest and principal shares, charges collected. */
    cash: collections('cash'),
    cashThisMonth: collections('cash', monthStart),
    cashLastMonth: collections('cash', last.from, last.through),
    /** The month's EMIs with their interest shares: expected interest, average rate, collected vs expected. */
    expectedInterest: { path: '/admin/expected-interest', query: { month: monthStart.slice(0, 7) } },
    collectedToday: collections('collected', today),
    inflow30: inflow(30),
    inflow60: inflow(60),
    inflow90: inflow(90),
    expensesThisMonth: expenses({ startDate: monthStart, endDate: today }),
    expensesLastMonth: expenses({ startDate: last.from, endDate: last.through }),
    allExpenses: expenses({}),
    allTasks: tasks('all'),
    completedTasks: tasks('completed'),
    pendingTasks: tasks('pending'),
  } satisfies Record<string, TFigureLink>;
};
