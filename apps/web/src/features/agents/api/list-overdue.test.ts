import { AGENT_OVERDUE_PAGE_SIZE } from '@lending/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData } from '../../../lib/offline/db';
import { agentOverdueQueryOptions, type TAgentOverdueResponse } from './list-overdue';

const TOTAL = 2 * AGENT_OVERDUE_PAGE_SIZE + 5;
const row = (n: number): TAgentOverdueResponse['results'][number] => ({
  loan_id: n,
  loan_code: `LN${String(n).padStart(5, '0')}`,
  customer_id: n,
  customer_name: n === TOTAL ? 'Zoya Khan' : `Customer ${n}`,
  customer_mobile: null,
  emi_number: 1,
  emi_date: '2026-11-19',
  status: 'pending',
  amount: 500,
  late_charge: 0,
});
const book = Array.from({ length: TOTAL }, (_, index) => row(index + 1));
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server's pages of the agent's book (unsearched), each read counted. */
const serveBook = () => {
  const pages: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      pages.push(page);
      const start = (page - 1) * AGENT_OVERDUE_PAGE_SIZE;
      return json({
        results: book.slice(start, start + AGENT_OVERDUE_PAGE_SIZE),
        totalCount: TOTAL,
        overdueLoans: TOTAL,
        totalDue: TOTAL * 500,
      });
    }),
  );
  return pages;
};
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );

type TRead = (context: { pageParam: number; signal?: AbortSignal }) => Promise<TAgentOverdueResponse>;
const read = (search: string, page: number) =>
  (agentOverdueQueryOptions(search, true).queryFn as unknown as TRead)({ pageParam: page });

beforeEach(async () => {
  await clearOfflineData();
});

describe("the agent's overdue book on the phone", () => {
  it('keeps every page when the first is read online, and answers each page and any search offline', async () => {
    const pages = serveBook();
    const first = await read('', 1);
    expect(pages).toEqual([1, 2, 3]);
    expect(first.results).toHaveLength(AGENT_OVERDUE_PAGE_SIZE);
    expect(first.totalCount).toBe(TOTAL);

    offline();
    expect((await read('', 1)).results[0]?.loan_id).toBe(1);
    const third = await read('', 3);
    expect(third.results.map((r) => r.loan_id)).toEqual([2001, 2002, 2003, 2004, 2005]);
    // A search offline looks through the whole kept book, not just its first page.
    const found = await read('zoya', 1);
    expect(found).toMatchObject({ totalCount: 1, results: [{ loan_id: TOTAL }] });
  });

  it('shows nothing it never kept: offline with no kept book the read fails', async () => {
    offline();
    await expect(read('', 1)).rejects.toThrow();
  });
});
