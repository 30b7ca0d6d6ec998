import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDayClose, makePosition, NO_MODES } from '../../../test/cash-fixtures';
import { DayCloseTable } from './day-close-table';
import { PositionsTable } from './positions-table';

describe('the cash tables add rupee amounts in paise', () => {
  it("shows a position's other modes 0.1 + 0.2 as ₹0.30", () => {
    const position = makePosition({ collected_today: { ...NO_MODES, bank_transfer: 0.1, cheque: 0.2 } });
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
    const close = makeDayClose({ collected: { ...NO_MODES, bank_transfer: 0.1, cheque: 0.2 } });
    render(
      <MantineProvider>
        <DayCloseTable closes={[close]} loading={false} />
      </MantineProvider>,
    );
    expect(within(screen.getByTestId('day-close-7')).getByText('₹0.30')).toBeInTheDocument();
  });
});
