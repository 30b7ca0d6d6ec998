import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClippedText } from './clipped-text';
import { ListTable } from './list-table';

const LONG = `NEFT to 001234567890 ${'x'.repeat(90)}`.slice(0, 100);

const renderTable = () =>
  render(
    <MantineProvider>
      <ListTable columns={['Name', 'Payment Method', 'Actions']} minWidth={600} empty={null}>
        <Table.Tr>
          <Table.Td>Sunita</Table.Td>
          <Table.Td>
            <ClippedText text={LONG} maxWidth={160} />
          </Table.Td>
          <Table.Td>
            <button type="button">Edit</button>
          </Table.Td>
        </Table.Tr>
      </ListTable>
    </MantineProvider>,
  );

describe('ListTable', () => {
  it('cuts long free text to one line, the whole text on hover', () => {
    renderTable();
    const text = screen.getByTitle(LONG);
    expect(text).toHaveTextContent(LONG);
    expect(text).toHaveAttribute('data-truncate', 'end');
  });

  it('names every cell after its column, for the phone cards', () => {
    renderTable();
    const cells = screen.getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Name',
      'Payment Method',
      'Actions',
    ]);
  });

  it("shows '-' for no text, without a hover title", () => {
    render(
      <MantineProvider>
        <ClippedText text={null} maxWidth={100} />
      </MantineProvider>,
    );
    expect(screen.getByText('-')).not.toHaveAttribute('title');
  });
});
