import type { IsoDate } from '../time';
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
  const monthStart = monthWindowsOf(today).currentStart;
  const due = (query: Record<string, string>): TFigureLink => ({ path: '/admin/payments-due', query });
  const loans = (query: Record<string, string>): TFigureLink => ({ path: '/admin/loans', query });
  const users = (role: string): TFigureLink => ({ path: '/admin/users', query: { role } });
  return {
    borrowers: users('user'),
    agents: users('agent'),
    approvedLoans: loans({ status: 'approved' }),
    /** Every loan: the Loans panel's counts by stage and total amount are that list's cards. */
    allLoans: loans({}),
    lentLoans: loans({ status: 'lent' }),
    lentThisMonth: loans({ status: 'lent', start_date: monthStart, end_date: today }),
    dueToday: due({ date: today, dates: 'day', status: 'due' }),
    openToday: due({ date: today, dates: 'day', status: 'open' }),
    openOverdue: due({ date: today, dates: 'before', status: 'open' }),
    openAll: due({ dates: 'any', status: 'open' }),
  } satisfies Record<string, TFigureLink>;
};
