import type { TDueEmi } from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, stubIntersection } from '../../../test/browser-stand-ins';
import { dueAnswer, makeDueEmi } from '../../../test/emi-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

type TRoutes = Record<string, ((call: TMockCall) => TMockReply | Promise<TMockReply>) | TMockReply>;

const rows = (): TDueEmi[] => [
  makeDueEmi(1, { customer: 'Sunita Devi' }),
  makeDueEmi(2, { customer: 'Ravi Kumar', late_charge: 250.5 }),
  makeDueEmi(3, { customer: 'Kavita Jadhav', amount: 600.25 }),
];

const dueCalls = (calls: TMockCall[]) => calls.filter((call) => call.path === '/loans/emis/due');
const lastDueQuery = (calls: TMockCall[]) => dueCalls(calls).at(-1)?.url.searchParams;
const card = (id: string) => screen.getByTestId(`due-card-${id}`);

const renderDue = (extra: TRoutes = {}, list: () => TDueEmi[] = rows) =>
  renderApp('/admin/payments-due', {
    user: makeUser('admin'),
    api: {
      'GET /loans/emis/due': (call) => dueAnswer(call.url, list()),
      ...extra,
    },
  });

const deferred = () => {
  let release: (reply: TMockReply) => void = () => {};
  const promise = new Promise<TMockReply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

afterEach(() => {
  // A test that fails with the clock faked must not leave it faked for the next one.
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Payments Due', { timeout: 30_000 }, () => {
  it("asks for today's pending EMIs (Asia/Kolkata) and totals the cards in paise", async () => {
    // 20:00 UTC on 21 November is already 22 November in India.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T20:00:00.000Z'));
    const app = renderDue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments Due' })).toBeInTheDocument();
    expect(screen.getByText('EMIs due today with pending status, ready to collect')).toBeInTheDocument();
    await screen.findByText('Ravi Kumar');
    const query = lastDueQuery(app.calls);
    expect(query?.get('date')).toBe('2026-11-22');
    expect(query?.get('status')).toBe('pending');
    expect(query?.get('_t')).toMatch(/^\d+$/);
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('22/11/2026');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');

    // 1500 + 1500 + 250.50 + 600.25
    expect(card('total')).toHaveTextContent('Total to Collect₹3,850.75');
    expect(card('overdue')).toHaveTextContent('Overdue EMIs1');
    expect(card('pending')).toHaveTextContent('Pending EMIs3');
    expect(card('late')).toHaveTextContent('Late Charges₹250.50');
    expect(screen.getByTestId('due-table-title')).toHaveTextContent('EMIs Due Today (3 records)');
    for (const name of [
      'Loan Details',
      'Customer',
      'EMI Details',
      'EMI Amount',
      'Late Charges',
      'Total Due',
      'Status',
      'Due Date',
      'Actions',
    ]) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const ravi = screen.getAllByTestId('due-row')[1] as HTMLElement;
    expect(ravi).toHaveTextContent('#2LN0002');
    expect(ravi).toHaveTextContent('Ravi Kumar9876500002');
    expect(ravi).toHaveTextContent('EMI #1₹1,500/day');
    expect(ravi).toHaveTextContent('₹1,751');
    expect(ravi).toHaveTextContent('22-11-2026');
    expect(within(ravi).getByRole('button', { name: 'Pay EMI 1 of LN0002' })).toBeInTheDocument();
    expect(within(ravi).getByRole('button', { name: 'Bounce EMI 1 of LN0002' })).toBeInTheDocument();
  });

  it("loads a page, the next one on scroll, and shows the server's count and totals for the whole filter", async () => {
    const seen = stubIntersection();
    const many = Array.from({ length: 7 }, (_, i) => makeDueEmi(i + 1, { customer: `Customer ${i + 1}` }));
    // Pages of 4 here (the page asks for 50; the server decides), so few rows are drawn.
    const app = renderDue({ 'GET /loans/emis/due': (call) => dueAnswer(call.url, many, 4) });
    await screen.findByText('Customer 4');
    expect(screen.getAllByTestId('due-row')).toHaveLength(4);
    expect(screen.queryByText('Customer 5')).not.toBeInTheDocument();
    // 7 × ₹1,500 over the whole filter, though only 4 rows (₹6,000) are loaded.
    expect(card('total')).toHaveTextContent('Total to Collect₹10,500');
    expect(card('pending')).toHaveTextContent('Pending EMIs7');
    expect(screen.getByTestId('due-table-title')).toHaveTextContent('EMIs Due Today (7 records)');
    expect(lastDueQuery(app.calls)?.get('limit')).toBe('50');
    expect(lastDueQuery(app.calls)?.has('cursor')).toBe(false);

    await waitFor(() => expect(seen.reach).not.toBeNull());
    seen.reach?.();
    await screen.findByText('Customer 7');
    expect(lastDueQuery(app.calls)?.get('cursor')).toBe('4');
    expect(screen.getAllByTestId('due-row')).toHaveLength(7);
    // A later page answers no totals: the cards keep the first page's.
    expect(card('pending')).toHaveTextContent('Pending EMIs7');
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(dueCalls(app.calls)).toHaveLength(2);
  });

  it('loads the next page from Load more; a failed later page keeps the rows shown and tries again', async () => {
    let fail = true;
    const many = Array.from({ length: 6 }, (_, i) => makeDueEmi(i + 1, { customer: `Customer ${i + 1}` }));
    const app = renderDue({
      'GET /loans/emis/due': (call) =>
        fail && call.url.searchParams.has('cursor')
          ? { status: 500, body: {} }
          : dueAnswer(call.url, many, 4),
    });
    await screen.findByText('Customer 4');
    await app.events.click(screen.getByRole('button', { name: 'Load more (4 of 6 shown)' }));
    expect(await screen.findByText('Failed to fetch EMIs')).toBeInTheDocument();
    expect(screen.getAllByTestId('due-row')).toHaveLength(4);
    fail = false;
    await app.events.click(screen.getByRole('button', { name: 'Load more (4 of 6 shown)' }));
    await screen.findByText('Customer 6');
    expect(lastDueQuery(app.calls)?.get('cursor')).toBe('4');
    expect(screen.queryByText('Failed to fetch EMIs')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it("defaults to the server's business day when its clock answers", async () => {
    const app = renderDue({
      'GET /clock': {
        body: {
          today: '2026-11-21',
          now: '2026-11-21T20:00:00.000Z',
          time_zone: 'Asia/Kolkata',
          pinned: true,
        },
      },
    });
    await screen.findByText('Ravi Kumar');
    expect(dueCalls(app.calls).map((call) => call.url.searchParams.get('date'))).toEqual(['2026-11-21']);
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('21/11/2026');
  });

  it('debounces the search by 500 ms, clears it, and filters by date and status', async () => {
    const app = renderDue({}, () => [makeDueEmi(5, { status: 'paid', full_payment_amount: null })]);
    await screen.findByText('Sunita Devi');
    expect(within(screen.getAllByTestId('due-row')[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getAllByTestId('due-row')[0]).toHaveTextContent('Paid');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'Sunita' } });
    await vi.advanceTimersByTimeAsync(300);
    expect(dueCalls(app.calls).some((call) => call.url.searchParams.get('search') === 'Sunita')).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    await waitFor(() => expect(lastDueQuery(app.calls)?.get('search')).toBe('Sunita'));
    vi.useRealTimers();

    await app.events.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    await waitFor(() => expect(lastDueQuery(app.calls)?.has('search')).toBe(false));

    await app.events.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.events.click(await screen.findByRole('option', { name: 'Paid' }));
    await waitFor(() => expect(lastDueQuery(app.calls)?.get('status')).toBe('paid'));

    const date = screen.getByRole('textbox', { name: 'Date' });
    await app.events.clear(date);
    await app.events.type(date, '20/11/2026');
    fireEvent.blur(date);
    await waitFor(() => expect(lastDueQuery(app.calls)?.get('date')).toBe('2026-11-20'));
  });

  it('shows No EMIs Found, and the inline error when the list fails', async () => {
    let fail = false;
    const app = renderDue({
      'GET /loans/emis/due': () =>
        fail ? { status: 500, body: {} } : dueAnswer(new URL('http://x/?date=2026-11-21'), []),
    });
    expect(await screen.findByText('No EMIs Found')).toBeInTheDocument();
    expect(screen.getByTestId('due-table-title')).toHaveTextContent('EMIs Due Today (0 records)');
    fail = true;
    await app.events.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to fetch EMIs')).toBeInTheDocument();
    expect(card('pending')).toHaveTextContent('Pending EMIs0');
  });

  it('removes a paid row at once, adjusts the cards, and sends one keyed request', async () => {
    const answer = deferred();
    let paid = false;
    const app = renderDue(
      {
        'POST /emi/pay/2/1': async () => {
          const reply = await answer.promise;
          paid = true;
          return reply;
        },
      },
      () => rows().filter((row) => !(paid && row.id === 2)),
    );
    await screen.findByText('Ravi Kumar');
    await app.events.click(screen.getByRole('button', { name: 'Pay EMI 1 of LN0002' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay EMI' }));
    expect(dialog.getByTestId('payment-preview')).toHaveTextContent('Amount to Collect₹1,750.50');
    await app.events.click(dialog.getByRole('radio', { name: 'Partial' }));
    const confirm = dialog.getByRole('button', { name: 'Pay EMI' });
    expect(confirm).toBeDisabled();
    await app.events.type(dialog.getByRole('textbox', { name: 'Partial Amount (₹)' }), '0');
    expect(confirm).toBeDisabled();
    await app.events.click(dialog.getByRole('radio', { name: 'Full (EMI + charges)' }));
    await app.events.dblClick(confirm);

    await waitFor(() => expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument());
    expect(card('total')).toHaveTextContent('₹2,100.25');
    expect(card('overdue')).toHaveTextContent('Overdue EMIs0');
    expect(card('pending')).toHaveTextContent('Pending EMIs2');
    expect(screen.getByTestId('due-table-title')).toHaveTextContent('(2 records)');
    const pays = app.calls.filter((call) => call.path === '/emi/pay/2/1');
    expect(pays).toHaveLength(1);
    expect(new Headers(pays[0]?.init.headers).get('Idempotency-Key')).not.toBeNull();
    expect(JSON.parse(String(pays[0]?.init.body))).toEqual({
      loan_id: 2,
      emi_number: 1,
      payment_mode: 'cash',
      payment_type: 'full',
      payment_amount: 1750.5,
    });

    answer.release({ body: { message: 'EMI 1 fully paid.', receipt: {} } });
    expect(await screen.findByText('EMI 1 fully paid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay EMI' })).not.toBeInTheDocument());
    expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument();
  });

  it('reloads the list when a payment is refused', async () => {
    const app = renderDue({
      'POST /emi/pay/1/1': {
        status: 409,
        body: { message: 'EMI 1 is already paid; it cannot be paid or bounced again.' },
      },
    });
    await screen.findByText('Sunita Devi');
    const before = dueCalls(app.calls).length;
    await app.events.click(screen.getByRole('button', { name: 'Pay EMI 1 of LN0001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay EMI' }));
    await app.events.click(dialog.getByRole('button', { name: 'Pay EMI' }));
    expect(
      await screen.findByText('EMI 1 is already paid; it cannot be paid or bounced again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(dueCalls(app.calls).length).toBeGreaterThan(before));
    expect(await screen.findAllByText('Sunita Devi')).not.toHaveLength(0);
    expect(card('pending')).toHaveTextContent('Pending EMIs3');
  });

  it("bounces with 'Insufficient funds' and removes the row", async () => {
    let bounced = false;
    const app = renderDue(
      {
        'POST /emi/bounce/3/1': () => {
          bounced = true;
          return { body: { message: 'EMI 1 marked as bounced', emi: {} } };
        },
      },
      () => rows().filter((row) => !(bounced && row.id === 3)),
    );
    await screen.findByText('Kavita Jadhav');
    await app.events.click(screen.getByRole('button', { name: 'Bounce EMI 1 of LN0003' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark EMI as Bounced' }));
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue('Insufficient funds');
    await app.events.click(dialog.getByRole('button', { name: 'Mark as Bounced' }));
    expect(await screen.findByText('EMI 1 marked as bounced')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Kavita Jadhav')).not.toBeInTheDocument());
    expect(card('pending')).toHaveTextContent('Pending EMIs2');
    const [call] = app.calls.filter((entry) => entry.path === '/emi/bounce/3/1');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      loan_id: 3,
      emi_number: 1,
      emi_amount: 600.25,
      late_charges: 0,
      reason: 'Insufficient funds',
      notes: '',
    });
    expect(new Headers(call?.init.headers).get('Idempotency-Key')).not.toBeNull();
  });

  it("starts the bounce charge from the loan product's, and blank for a loan without one", async () => {
    const base = makeDueEmi(4, { customer: 'Meena Iyer' });
    const app = renderDue({}, () => [...rows(), { ...base, Loan: { ...base.Loan, bounce_charge: 40 } }]);
    await screen.findByText('Meena Iyer');
    await app.events.click(screen.getByRole('button', { name: 'Bounce EMI 1 of LN0004' }));
    const fromProduct = within(await screen.findByRole('dialog', { name: 'Mark EMI as Bounced' }));
    expect(fromProduct.getByRole('textbox', { name: 'Bounce Charge (₹)' })).toHaveValue('40');
    await app.events.click(fromProduct.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await app.events.click(screen.getByRole('button', { name: 'Bounce EMI 1 of LN0001' }));
    const plain = within(await screen.findByRole('dialog', { name: 'Mark EMI as Bounced' }));
    expect(plain.getByRole('textbox', { name: 'Bounce Charge (₹)' })).toHaveValue('');
  });

  it('exports the filtered list as payments_due_{date}.csv', async () => {
    const { names: saved } = captureDownloads('blob:csv');
    let fail = false;
    const app = renderDue({
      'GET /loans/emis/due/export': () => (fail ? { status: 500, body: {} } : { body: 'Loan #\n1\n' }),
    });
    await screen.findByText('Sunita Devi');
    const date = lastDueQuery(app.calls)?.get('date');
    await app.events.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('EMIs exported successfully')).toBeInTheDocument();
    expect(saved).toEqual([`payments_due_${date}.csv`]);
    const exported = app.calls.find((call) => call.path === '/loans/emis/due/export');
    expect(exported?.url.searchParams.get('status')).toBe('pending');
    expect(exported?.url.searchParams.get('date')).toBe(date);
    fail = true;
    await app.events.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export EMIs')).toBeInTheDocument();
  });
});
