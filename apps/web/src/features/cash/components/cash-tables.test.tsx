import type { TCashPosition, TDayClose } from '@lending/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DayCloseTable } from './day-close-table';
import { PositionsTable } from './positions-table';

const modes = { cash: 0, upi: 0, bank_transfer: 0, cheque: 0, card: 0, other: 0 };

describe('the cash tables add rupee amounts in paise', () => {
  it("shows a position's other modes 0.1 + 0.2 as ₹0.30", () => {
    const position = {
      collector_id: 30,
      collector_name: 'Ramesh Agent',
      collector_role: 'agent',
      in_hand: 0,
      collected_today: { ...modes, bank_transfer: 0.1, cheque: 0.2 },
      refunded_today: 0,
      handed_over_today: 0,
      oldest_held_date: null,
      age_days: null,
      overdue: false,
      day_closed: false,
      phone: null,
    } satisfies TCashPosition;
    render(
      <MantineProvider>
        <PositionsTable
          positions={[position]}
          loading={false}
          closing={null}
          selfId={null}
          onHandover={() => {}}
          onCloseDay={() => {}}
        />
      </MantineProvider>,
    );
    expect(within(screen.getByTestId('cash-row-30')).getByText('₹0.30')).toBeInTheDocument();
  });

  it("shows a closed day's other modes 0.1 + 0.2 as ₹0.30", () => {
    const close = {
      id: 7,
      collector_id: 30,
      collector_name: 'Ramesh Agent',
      business_date: '2026-11-21',
      opening_in_hand: 0,
      collected: { ...modes, bank_transfer: 0.1, cheque: 0.2 },
      refunded: 0,
      handed_over: 0,
      received: 0,
      difference: 0,
      carried_in_hand: 0,
      closed_by_id: 1,
      closed_by_name: 'Asha Admin',
      closed_at: '2026-11-21T13:00:00.000Z',
      note: null,
    } satisfies TDayClose;
    render(
      <MantineProvider>
        <DayCloseTable closes={[close]} loading={false} />
      </MantineProvider>,
    );
    expect(within(screen.getByTestId('day-close-7')).getByText('₹0.30')).toBeInTheDocument();
  });
});
