import { addDays, formatDdMmYyyy } from '@lending/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { istToday } from '../../../lib/business-today';
import { captureDownloads, stubIntersection } from '../../../test/browser-stand-ins';
import { makeBouncedEmi } from '../../../test/field-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { BOUNCED_FILTER_DEBOUNCE_MS } from '../lib/bounced-list';

const today = istToday();
const picker = (iso: string) => formatDdMmYyyy(iso).replace(/-/g, '/');

const emis = [
  makeBouncedEmi({ id: 1, bounced_at: `${addDays(today, -3)}T06:00:00.000Z` }),
  makeBouncedEmi({
    id: 2,
    status: 'recovered',
    emi_number: 5,
    bounced_at: `${addDays(today, -1)}T06:00:00.000Z`,
    collector: null,
    Loan: {
      loan_number: 2,
      loan_code: 'LN0002',
      loan_amount: 20000,
      customer: { name: 'Ravi Kumar', mobile: null },
    },
  }),
  makeBouncedEmi({ id: 3, status: 'waived', bounced_at: `${addDays(today, -1)}T06:00:00.000Z` }),
  makeBouncedEmi({ id: 4, status: 'written_off', bounced_at: `${addDays(today, -1)}T06:00:00.000Z` }),
];

type THandler = (call: TMockCall) => TMockReply;

const renderBounced = (overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/bounced-emis', {
    user: makeUser('superadmin'),
    api: {
      'GET /loans/bounced-emis': { body: { emis, total: 45, totalPages: 3 } },
      'GET /loans/bounced-emis/stats': {
        body: {
          totalBounced: 12,
          pendingRecovery: 5,
          recovered: 4,
          waived: 2,
          writtenOff: 1,
          totalAmount: 123456,
        },
      },
      'GET /emi/bounced/export': { body: {} },
      ...overrides,
    },
  });

const listCalls = (calls: TMockCall[]) => calls.filter((call) => call.path === '/loans/bounced-emis');
const lastQuery = (calls: TMockCall[]) => listCalls(calls).at(-1)?.url.searchParams;

describe('Bounced EMIs Management', { timeout: 30_000 }, () => {
  it('shows the cards, today as the default range and the rows with their bounce age', async () => {
    const app = renderBounced();
    const first = await screen.findByTestId('bounced-row-1');
    expect(screen.getByTestId('bounced-card-Total Bounced')).toHaveTextContent('12');
    expect(screen.getByTestId('bounced-card-Pending Recovery')).toHaveTextContent('5');
    expect(screen.getByTestId('bounced-card-Recovered')).toHaveTextContent('4');
    expect(screen.getByTestId('bounced-card-Total Amount')).toHaveTextContent('₹1,23,456');

    expect(first).toHaveTextContent('LN0001');
    expect(first).toHaveTextContent('Sunita Devi');
    expect(first).toHaveTextContent('3 days');
    expect(first).toHaveTextContent('Insufficient funds');
    expect(first).toHaveTextContent('Bounced');
    const second = screen.getByTestId('bounced-row-2');
    expect(second).toHaveTextContent('1 day');
    expect(second).toHaveTextContent('Recovered');
    expect(screen.getByTestId('bounced-row-3')).toHaveTextContent('Waived');
    expect(screen.getByTestId('bounced-row-4')).toHaveTextContent('Written Off');
    // The cards ask with the list's filters, so they summarise the rows shown.
    const statsQuery = app.calls.filter((call) => call.path === '/loans/bounced-emis/stats').at(-1)
      ?.url.searchParams;
    expect(statsQuery?.get('dateFrom')).toBe(today);
    expect(statsQuery?.get('dateTo')).toBe(today);

    const query = lastQuery(app.calls);
    expect(query?.get('dateFrom')).toBe(today);
    expect(query?.get('dateTo')).toBe(today);
    expect(query?.get('limit')).toBe('20');
    expect(query?.get('page')).toBe('1');
    const chips = screen.getByTestId('bounced-filter-chips');
    expect(chips).toHaveTextContent(`From: ${picker(today)}`);
    expect(chips).toHaveTextContent(`To: ${picker(today)}`);
    expect(screen.getByTestId('bounced-page-info')).toHaveTextContent('Page 1 of 3');
  });

  it('refuses a Date To before Date From and never asks for it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderBounced();
    await screen.findByTestId('bounced-row-1');
    const tomorrow = addDays(today, 1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Date From' }), {
      target: { value: picker(tomorrow) },
    });
    expect(await screen.findByText('Date To cannot be before Date From')).toBeInTheDocument();
    // Past the filters' debounce, when a valid range would have been asked for.
    await act(() => vi.advanceTimersByTimeAsync(BOUNCED_FILTER_DEBOUNCE_MS + 100));
    expect(listCalls(app.calls).some((call) => call.url.searchParams.get('dateFrom') === tomorrow)).toBe(
      false,
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Date To' }), {
      target: { value: picker(tomorrow) },
    });
    await waitFor(() =>
      expect(screen.queryByText('Date To cannot be before Date From')).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(lastQuery(app.calls)?.get('dateFrom')).toBe(tomorrow));
    expect(lastQuery(app.calls)?.get('dateTo')).toBe(tomorrow);
  });

  it('debounces the filters by 400 ms and clears them all', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderBounced();
    await screen.findByTestId('bounced-row-1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'Sunita' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(listCalls(app.calls).some((call) => call.url.searchParams.get('search') === 'Sunita')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(150));
    await waitFor(() => expect(lastQuery(app.calls)?.get('search')).toBe('Sunita'));
    expect(screen.getByTestId('bounced-filter-chips')).toHaveTextContent('Search: Sunita');

    await app.events.click(screen.getByRole('button', { name: 'Remove Search: Sunita' }));
    await act(() => vi.advanceTimersByTimeAsync(450));
    // The unfiltered list is still cached: the chip goes, the first rows stay.
    expect(screen.getByTestId('bounced-filter-chips')).not.toHaveTextContent('Search');

    await app.events.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await act(() => vi.advanceTimersByTimeAsync(450));
    await waitFor(() => expect(lastQuery(app.calls)?.has('dateFrom')).toBe(false));
    expect(lastQuery(app.calls)?.has('dateTo')).toBe(false);
    expect(screen.getByTestId('bounced-filter-chips')).toBeEmptyDOMElement();
  });

  it('appends the next page on scroll and jumps with the numbered pager', async () => {
    const seen = stubIntersection();
    const app = renderBounced({
      'GET /loans/bounced-emis': (call) => {
        const page = Number(call.url.searchParams.get('page'));
        return { body: { emis: [makeBouncedEmi({ id: 100 + page })], total: 45, totalPages: 3 } };
      },
    });
    await screen.findByTestId('bounced-row-101');
    await waitFor(() => expect(seen.reach).not.toBeNull());
    seen.reach?.();
    expect(await screen.findByTestId('bounced-row-102')).toBeInTheDocument();
    expect(screen.getByTestId('bounced-page-info')).toHaveTextContent('Page 2 of 3');
    await app.events.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('page')).toBe('3'));
    expect(await screen.findByTestId('bounced-row-103')).toBeInTheDocument();
  });

  it('refreshes, exports and reports export failures', async () => {
    const app = renderBounced();
    await screen.findByTestId('bounced-row-1');
    const before = listCalls(app.calls).length;
    await app.events.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listCalls(app.calls).length).toBeGreaterThan(before));

    const { names } = captureDownloads();
    await app.events.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Export completed')).toBeInTheDocument();
    expect(names).toEqual([`bounced_emis_${today}.xlsx`]);
    expect(
      app.calls.find((call) => call.path === '/emi/bounced/export')?.url.searchParams.get('dateFrom'),
    ).toBe(today);
  });

  it('toasts a failed list and export but ignores failed stats', async () => {
    const app = renderBounced({
      'GET /loans/bounced-emis': { status: 500, body: {} },
      'GET /loans/bounced-emis/stats': { status: 500, body: {} },
      'GET /emi/bounced/export': { status: 500, body: {} },
    });
    expect(await screen.findByText('Failed to load bounced EMIs')).toBeInTheDocument();
    expect(screen.getByText('No bounced EMIs found')).toBeInTheDocument();
    expect(screen.getByTestId('bounced-card-Total Bounced')).toHaveTextContent('0');
    await app.events.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Failed to export data')).toBeInTheDocument();
    expect(within(document.body).getAllByText(/Failed/)).toHaveLength(2);
  });
});
