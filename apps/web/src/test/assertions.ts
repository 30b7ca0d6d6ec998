import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The texts of a table's column headers, in order. */
export const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

/** Checks that one element (a row, a card) shows every text given. */
export const expectTexts = (element: HTMLElement, texts: readonly string[]) => {
  for (const text of texts) expect(element).toHaveTextContent(text);
};

/** Checks, for each test id, that its element shows the text given (cards, counters, ...). */
export const expectTestIdTexts = (expected: Readonly<Record<string, string>>) => {
  for (const [testId, text] of Object.entries(expected))
    expect(screen.getByTestId(testId)).toHaveTextContent(text);
};
