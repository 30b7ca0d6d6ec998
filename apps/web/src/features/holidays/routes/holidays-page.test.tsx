import type { THolidayPreview, THolidayView } from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTexts } from '../../../test/assertions';
import { stubPhone } from '../../../test/browser-stand-ins';
import { callsTo, pinnedClock } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const TODAY = '2026-11-21';

const holiday = (overrides: Partial<THolidayView> = {}): THolidayView => ({
  date: '2026-11-26',
  name: 'Lender foundation day',
  status: 'moved',
  job_id: 7,
  loans_moved: 4,
  emis_moved: 9,
  declared_by_name: 'Admin Person',
  created_at: '2026-11-01T06:30:00.000Z',
  ...overrides,
});

const CHRISTMAS = holiday({ date: '2026-12-25', name: 'Christmas', loans_moved: 0, emis_moved: 0 });

const NATIONAL = [
  { date: '2026-01-26', name: 'Republic Day', declared: false },
  { date: '2026-08-15', name: 'Independence Day', declared: true },
  { date: '2026-10-02', name: 'Gandhi Jayanti', declared: true },
  { date: '2027-01-26', name: 'Republic Day', declared: false },
  { date: '2027-08-15', name: 'Independence Day', declared: false },
  { date: '2027-10-02', name: 'Gandhi Jayanti', declared: false },
];

const PREVIEW: THolidayPreview = {
  date: '2027-01-26',
  name: 'Republic Day',
  loans: 2,
  emis: 3,
  sample: [
    {
      loan_id: 1,
      loan_code: 'LN0001',
      customer_name: 'Sunita Devi',
      emi_number: 7,
      from: '2027-01-26',
      to: '2027-01-27',
    },
    {
      loan_id: 1,
      loan_code: 'LN0001',
      customer_name: 'Sunita Devi',
      emi_number: 8,
      from: '2027-01-27',
      to: '2027-01-28',
    },
  ],
};

type THandler = (call: TMockCall) => TMockReply | Promise<TMockReply>;
const renderHolidays = (overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/holidays', {
    user: makeUser('admin'),
    api: {
      'GET /clock': pinnedClock(TODAY),
      'GET /holidays': { body: { holidays: [holiday(), CHRISTMAS] } },
      'GET /holidays/national': { body: { holidays: NATIONAL } },
      ...overrides,
    },
  });

const bodiesOf = (calls: TMockCall[], path: string) =>
  callsTo(calls, path)
    .filter((call) => call.method === 'POST')
    .map((call) => JSON.parse(String(call.init.body)));

describe('Holidays', { timeout: 30_000 }, () => {
  it('shows a holiday still moving its instalments, how far it got, and follows it until it is done', async () => {
    let moving = true;
    const app = renderHolidays({
      'GET /holidays': () => ({
        body: {
          holidays: [
            holiday(
              moving
                ? { status: 'moving', loans_moved: 2, emis_moved: 5 }
                : { loans_moved: 4, emis_moved: 9 },
            ),
          ],
        },
      }),
    });
    const row = await screen.findByTestId('holiday-row-2026-11-26');
    expectTexts(row, ['Moving… 2 loans, 5 instalments so far', 'Moving instalments']);
    expect(within(row).queryByRole('button')).toBeNull();
    moving = false;
    await waitFor(
      () => expectTexts(screen.getByTestId('holiday-row-2026-11-26'), ['4 loans, 9 instalments']),
      {
        timeout: 5000,
      },
    );
    expect(callsTo(app.calls, '/holidays').length).toBeGreaterThan(1);
  });

  it("lists the year's holidays with their weekday and what they moved", async () => {
    const app = renderHolidays();
    const row = await screen.findByTestId('holiday-row-2026-11-26');
    expect(columnHeaders(screen.getByTestId('holiday-table'))).toEqual([
      'Date',
      'Name',
      'Instalments moved',
      'Declared by',
      'Actions',
    ]);
    expectTexts(row, ['26-11-2026 (Thu)', 'Lender foundation day', '4 loans, 9 instalments', 'Admin Person']);
    expect(within(row).queryByRole('button')).toBeNull();
    expectTexts(screen.getByTestId('holiday-row-2026-12-25'), ['25-12-2026 (Fri)', 'Christmas', 'None']);
    await waitFor(() =>
      expect(callsTo(app.calls, '/holidays').at(-1)?.url.searchParams.get('year')).toBe('2026'),
    );
    expect(within(await screen.findByTestId('national-2026-01-26')).getByText('Past')).toBeInTheDocument();
    expect(within(screen.getByTestId('national-2026-08-15')).getByText('Declared')).toBeInTheDocument();
  });

  it('reads another year from the selector', async () => {
    const app = renderHolidays();
    await screen.findByTestId('holiday-row-2026-11-26');
    await app.events.click(screen.getByRole('combobox', { name: 'Year' }));
    await app.events.click(await screen.findByRole('option', { name: '2027' }));
    await waitFor(() =>
      expect(callsTo(app.calls, '/holidays').at(-1)?.url.searchParams.get('year')).toBe('2027'),
    );
    expect(callsTo(app.calls, '/holidays/national').at(-1)?.url.searchParams.get('year')).toBe('2027');
  });

  it('adds a national holiday: preview shows what moves, then Declare posts the same day', async () => {
    const app = renderHolidays({
      'POST /holidays/preview': { body: PREVIEW },
      'POST /holidays': {
        status: 201,
        body: {
          message: 'Holiday declared',
          holiday: holiday({ date: '2027-01-26', name: 'Republic Day', loans_moved: 2, emis_moved: 3 }),
        },
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Add Republic Day 26-01-2027 (Tue)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Declare holiday' }));
    expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveValue('26/01/2027');
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Republic Day');
    expect(dialog.queryByRole('button', { name: 'Declare' })).toBeNull();

    await app.events.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(
      'Republic Day, 26-01-2027 (Tue): 2 loans, 3 instalments move forward one collection day',
    );
    const sample = dialog.getByRole('table', { name: 'Instalments that move' });
    expect(columnHeaders(sample)).toEqual(['Loan', 'Customer', 'EMI', 'From', 'To']);
    expectTexts(within(sample).getAllByRole('row')[1] as HTMLElement, [
      'LN0001',
      'Sunita Devi',
      '7',
      '26-01-2027',
      '27-01-2027',
    ]);
    expect(dialog.getByText('The first 2 of 3 instalments, in loan order')).toBeInTheDocument();
    expect(bodiesOf(app.calls, '/holidays')).toEqual([]);

    await app.events.click(dialog.getByRole('button', { name: 'Declare' }));
    expect(await screen.findByText('Holiday declared')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Declare holiday' })).toBeNull());
    expect(bodiesOf(app.calls, '/holidays/preview')).toEqual([{ date: '2027-01-26', name: 'Republic Day' }]);
    expect(bodiesOf(app.calls, '/holidays')).toEqual([{ date: '2027-01-26', name: 'Republic Day' }]);
  });

  it('asks for the date and name, asks for a new preview after a change, and shows a refusal on the date', async () => {
    const previews: unknown[] = [];
    const app = renderHolidays({
      'POST /holidays/preview': (call) => {
        const body = JSON.parse(String(call.init.body));
        previews.push(body);
        return body.date === '2026-12-25'
          ? {
              status: 409,
              body: { code: 'HOLIDAY_EXISTS', message: 'That day is already on the holiday list.' },
            }
          : { body: { ...body, loans: 0, emis: 0, sample: [] } };
      },
    });
    await screen.findByTestId('holiday-row-2026-11-26');
    await app.events.click(screen.getByRole('button', { name: 'Declare holiday' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Declare holiday' }));
    await app.events.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByText("Choose the holiday's date")).toBeInTheDocument();
    expect(dialog.getByText('Holiday name is required')).toBeInTheDocument();
    expect(previews).toEqual([]);

    fireEvent.change(dialog.getByRole('textbox', { name: 'Date' }), { target: { value: '30/11/2026' } });
    await app.events.type(dialog.getByRole('textbox', { name: 'Name' }), 'Local fair');
    await app.events.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(
      'No open instalment falls on or after this day: nothing moves',
    );
    await app.events.type(dialog.getByRole('textbox', { name: 'Name' }), ' day');
    expect(dialog.queryByRole('button', { name: 'Declare' })).toBeNull();

    fireEvent.change(dialog.getByRole('textbox', { name: 'Date' }), { target: { value: '25/12/2026' } });
    await app.events.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByText('That day is already on the holiday list.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveAccessibleDescription(
      'That day is already on the holiday list.',
    );
    expect(previews).toEqual([
      { date: '2026-11-30', name: 'Local fair' },
      { date: '2026-12-25', name: 'Local fair day' },
    ]);
  });

  it('removes a holiday that moved nothing, after asking', async () => {
    const app = renderHolidays({ 'DELETE /holidays/2026-12-25': { body: { message: 'Holiday removed' } } });
    await app.events.click(
      await screen.findByRole('button', { name: 'Remove Christmas (25-12-2026 (Fri))' }),
    );
    await app.events.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Holiday removed')).toBeInTheDocument();
    expect(app.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/holidays/2026-12-25',
    ]);
  });

  it('shows the refusal of a holiday that already moved instalments', async () => {
    renderHolidays({
      'DELETE /holidays/2026-12-25': {
        status: 409,
        body: {
          code: 'HOLIDAY_MOVED_EMIS',
          message: "The holiday already moved loans' instalments, so it stays on the list.",
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Christmas (25-12-2026 (Fri))' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText("The holiday already moved loans' instalments, so it stays on the list."),
    ).toBeInTheDocument();
  });

  it('shows rows as cards on a 390 px phone and the dialog full screen', async () => {
    stubPhone();
    const app = renderHolidays();
    const row = await screen.findByTestId('holiday-row-2026-11-26');
    expect(within(row).getAllByRole('cell')[2]).toHaveAttribute('data-label', 'Instalments moved');
    await app.events.click(screen.getByRole('button', { name: 'Declare holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare holiday' });
    expect(dialog.closest('[data-full-screen]')).not.toBeNull();
  });

  it('is refused to an agent', async () => {
    const app = renderApp('/admin/holidays', { user: makeUser('agent') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized Access' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });
});
