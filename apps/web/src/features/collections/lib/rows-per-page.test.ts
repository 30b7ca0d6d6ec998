import { describe, expect, it } from 'vitest';
import { parseRowsPerPage } from './rows-per-page';

describe('rows per page', () => {
  it('takes a whole number above 0 and at most 1000', () => {
    expect(parseRowsPerPage('25')).toEqual({ ok: true, value: 25 });
    expect(parseRowsPerPage(' 7 ')).toEqual({ ok: true, value: 7 });
    for (const bad of ['0', '-3', '2.5', 'abc', '', '1e2'])
      expect(parseRowsPerPage(bad)).toEqual({
        ok: false,
        message: 'Rows per page must be a whole number greater than 0',
      });
    expect(parseRowsPerPage('1001')).toEqual({ ok: false, message: 'Rows per page must be at most 1000' });
  });
});
