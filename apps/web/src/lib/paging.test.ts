import { describe, expect, it } from 'vitest';
import { nextPageOf, pagerItems, showingRange } from './paging';

const render = (page: number, total: number) =>
  pagerItems(page, total)
    .map((item) => (item.kind === 'gap' ? '…' : String(item.page)))
    .join(' ');

describe('pagerItems', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(render(1, 1)).toBe('1');
    expect(render(3, 5)).toBe('1 2 3 4 5');
    expect(render(1, 0)).toBe('');
  });

  it('keeps a window of 5 around the page with first/last shortcuts and ellipses', () => {
    expect(render(1, 10)).toBe('1 2 3 4 5 … 10');
    expect(render(5, 10)).toBe('1 … 3 4 5 6 7 … 10');
    expect(render(10, 10)).toBe('1 … 6 7 8 9 10');
    expect(render(4, 10)).toBe('1 2 3 4 5 6 … 10');
    expect(render(3, 6)).toBe('1 2 3 4 5 6');
    expect(render(4, 7)).toBe('1 2 3 4 5 6 7');
  });
});

describe('showingRange', () => {
  it('describes the shown range', () => {
    expect(showingRange(1, 10, 45)).toBe('Showing 1 to 10 of 45 results');
    expect(showingRange(5, 10, 45)).toBe('Showing 41 to 45 of 45 results');
    expect(showingRange(1, 10, 0)).toBe('Showing 0 to 0 of 0 results');
  });
});

describe('nextPageOf', () => {
  it('answers the page after the last loaded, none after the last page', () => {
    expect(nextPageOf({ totalPages: 3 }, [], 2)).toBe(3);
    expect(nextPageOf({ totalPages: 3 }, [], 3)).toBeUndefined();
    expect(nextPageOf({ totalPages: 0 }, [], 1)).toBeUndefined();
  });
});
