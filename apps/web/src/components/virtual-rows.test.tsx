import { MantineProvider, Table } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ListTable } from './list-table';
import type { TRenderRow } from './virtual-rows';

type TRow = { id: number; name: string };

const rowsOf = (count: number): TRow[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Customer ${index + 1}` }));

const renderRow: TRenderRow<TRow> = (row, _index, rowProps) => (
  <Table.Tr key={row.id} {...rowProps}>
    <Table.Td>{row.id}</Table.Td>
    <Table.Td>{row.name}</Table.Td>
  </Table.Tr>
);

// jsdom lays nothing out: the scroll box is made 400 px high and each row 41 px, as a browser
// would measure them.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'virtual-scroll' ? 400 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'TR' ? 41 : 0;
  });
});

const renderList = (count: number) =>
  render(
    <MantineProvider env="test">
      <ListTable
        columns={['ID', 'Name']}
        minWidth={400}
        empty={null}
        rows={rowsOf(count)}
        renderRow={renderRow}
        initialViewport={{ width: 800, height: 400 }}
      />
    </MantineProvider>,
  );

const drawnNames = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-index') !== null)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('ListTable with thousands of rows', () => {
  it('draws only the rows in view of 5,000, with spacers keeping the full height', () => {
    renderList(5000);
    const names = drawnNames();
    expect(names.length).toBeGreaterThan(5);
    expect(names.length).toBeLessThan(40);
    expect(names[0]).toBe('Customer 1');
    expect(screen.queryByText('Customer 5000')).not.toBeInTheDocument();
    const spacer = document.querySelector<HTMLElement>('[data-virtual-spacer]');
    expect(spacer?.style.height).toBe(`${(5000 - names.length) * 41}px`);
  });

  it('draws the rows around the scroll position', () => {
    renderList(5000);
    const box = screen.getByTestId('virtual-scroll');
    box.scrollTop = 4000 * 41;
    fireEvent.scroll(box);
    const names = drawnNames();
    expect(names).toContain('Customer 4001');
    expect(names).not.toContain('Customer 1');
    expect(names.length).toBeLessThan(40);
  });

  it('draws every row of a short list, in the ordinary scroll container', () => {
    renderList(20);
    expect(drawnNames()).toHaveLength(20);
    expect(screen.queryByTestId('virtual-scroll')).not.toBeInTheDocument();
  });
});
