import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../test/browser-stand-ins';
import { makeDayClose, makePosition, NO_MODES } from '../../../test/cash-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const position = makePosition;

const positions = {
  today: '2026-11-21',
  total_in_hand: 1740.5,
  positions: [
    position({
      in_hand: 1500.5,
      collected_today: { ...NO_MODES, cash: 500.5, upi: 120 },
      oldest_held_date: '2026-11-18',
      age_days: 3,
      overdue: true,
      phone: {
        pending_count: 2,
        last_synced_at: '2026-11-21T08:35:00.000Z',
        reported_at: '2026-11-21T09:00:00.000Z',
      },
    }),
    position({
      collector_id: 31,
      collector_name: 'Suresh Agent',
      in_hand: 240,
      oldest_held_date: '2026-11-21',
      age_days: 0,
      phone: { pending_count: 0, last_synced_at: null, reported_at: '2026-11-21T09:00:00.000Z' },
    }),
    position({ collector_id: 40, collector_name: 'Neha Agent', day_closed: true }),
  ],
};

const close = makeDayClose();

const renderCash = (path = '/admin/cash', extra = {}) =>
  renderApp(path, {
    user: makeUser('admin'),
    api: {
      'GET /cash/positions': { body: positions },
      'GET /cash/day-closes': { body: { day_closes: [close], total: 1, page: 1, limit: 20 } },
      ...extra,
    },
  });

describe('Cash in Hand', { timeout: 30_000 }, () => {
  it("lists every collector's position and highlights cash held more than a day", async () => {
    renderCash();
    expect(await screen.findByRole('heading', { name: 'Cash in Hand' })).toBeInTheDocument();
    const late = await screen.findByTestId('cash-row-30');
    expect(late).toHaveTextContent('Ramesh Agent');
    expect(late).toHaveTextContent('₹1,500.50');
    expect(within(late).getByText('3 days')).toBeInTheDocument();
    expect(late.getAttribute('style')).toContain('red');
    expect(screen.getByTestId('cash-row-31').getAttribute('style') ?? '').not.toContain('red');
    expect(within(screen.getByTestId('cash-row-40')).getByText('Day closed')).toBeInTheDocument();
    expect(screen.getByTestId('cash-card-Total in hand')).toHaveTextContent('₹1,740.50');
    expect(screen.getByTestId('cash-card-Held more than 1 day')).toHaveTextContent('1');
  });

  it("shows each agent's phone: collections waiting on it and its last sync (IST)", async () => {
    renderCash();
    const waiting = await screen.findByTestId('phone-30');
    expect(waiting).toHaveTextContent('2 unsynced');
    expect(waiting).toHaveTextContent('Phone synced 21-11-2026 14:05');
    expect(screen.getByTestId('cash-row-30')).toContainElement(waiting);
    expect(screen.getByTestId('phone-31')).toHaveTextContent('All synced');
    expect(screen.getByTestId('phone-31')).toHaveTextContent('Phone never synced');
    // A collector whose phone never reported (an admin, or an agent not yet on the field app): nothing.
    expect(screen.queryByTestId('phone-40')).not.toBeInTheDocument();
  });

  it('records a handover with a shortfall and its reason under an Idempotency-Key', async () => {
    let sent: TMockCall | undefined;
    const app = renderCash('/admin/cash', {
      'POST /cash/handovers': (call: TMockCall) => {
        sent = call;
        return { body: { message: 'Handover recorded', handover: {} } };
      },
    });
    const row = await screen.findByTestId('cash-row-31');
    await app.events.click(within(row).getByRole('button', { name: 'Hand over' }));
    const counted = await screen.findByLabelText(/Cash counted/);
    await app.events.clear(counted);
    await app.events.type(counted, '230');
    expect(screen.getByTestId('handover-difference')).toHaveTextContent('Shortfall of ₹10.00');
    await app.events.type(screen.getByLabelText(/Reason for the difference/), 'short by a note');
    await app.events.click(screen.getByRole('button', { name: 'Record handover' }));
    await screen.findByText('Handover recorded');
    expect(JSON.parse(String(sent?.init.body))).toMatchObject({
      collector_id: 31,
      amount: 240,
      received_amount: 230,
      reason: 'short by a note',
    });
    expect(new Headers(sent?.init.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it("closes a collector's day after a confirmation", async () => {
    let body: unknown;
    const app = renderCash('/admin/cash', {
      'POST /cash/day-closes': (call: TMockCall) => {
        body = JSON.parse(String(call.init.body));
        return { body: { message: 'Business day closed', day_close: close } };
      },
    });
    const row = await screen.findByTestId('cash-row-30');
    await app.events.click(within(row).getByRole('button', { name: 'Close day' }));
    const dialog = await screen.findByRole('dialog');
    await app.events.click(within(dialog).getByRole('button', { name: 'Close day' }));
    await screen.findByText('Business day closed');
    expect(body).toEqual({ collector_id: 30 });
  });
});

describe('Day close report', { timeout: 30_000 }, () => {
  it('shows the closed days and exports them as CSV and PDF', async () => {
    const downloads = captureDownloads();
    renderCash('/admin/cash/day-closes', {
      'GET /cash/day-closes/export/csv': { body: 'csv' },
      'GET /cash/day-closes/export/pdf': { body: 'pdf' },
    });
    expect(await screen.findByRole('heading', { name: 'Day Close Report' })).toBeInTheDocument();
    const row = await screen.findByTestId('day-close-7');
    expect(row).toHaveTextContent('20-11-2026');
    expect(row).toHaveTextContent('Ramesh Agent');
    expect(row).toHaveTextContent('₹10.00');
    expect(row).toHaveTextContent('Anita Admin');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() =>
      expect(downloads.names).toEqual([
        expect.stringMatching(/^day_closes_\d{4}-\d\d-\d\d\.csv$/),
        expect.stringMatching(/^day_closes_\d{4}-\d\d-\d\d\.pdf$/),
      ]),
    );
  });
});
