import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and neutralises formulas', () => {
    expect(
      toCsv(
        ['Name', 'Amount'],
        [
          ['Sunita, "S"', 1500.5],
          ['=HYPERLINK()', -2],
          [null, undefined],
        ],
      ),
    ).toBe('Name,Amount\r\n"Sunita, ""S""",1500.5\r\n\'=HYPERLINK(),-2\r\n,');
  });
});
