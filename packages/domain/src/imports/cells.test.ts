import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAmount, readCount, readMobile, readText } from './cells';

const value = <T>(read: { ok: boolean; value?: T | null; message?: string }) =>
  read.ok ? read.value : `! ${read.message}`;

describe('readAmount', () => {
  it('reads rupees as lenders write them to exact paise', () => {
    const cases: [string | number, number][] = [
      ['1,200.50', 120_050],
      ['₹ 1200', 120_000],
      ['₹1,20,000', 12_000_000],
      ['Rs. 500', 50_000],
      ['rs500', 50_000],
      ['INR 75.5', 7_550],
      ['1,20,000/-', 12_000_000],
      ['12,34,567.89', 123_456_789],
      ['1,234,567', 123_456_700],
      ['.5', 50],
      [' 0 ', 0],
      [1200.5, 120_050],
      [524288.07, 52_428_807],
      [0.1 + 0.2, 30],
      [1.1 * 3, 330],
      [123.456 * 10, 123_456],
    ];
    for (const [cell, paise] of cases) expect(value(readAmount(cell)), String(cell)).toBe(paise);
  });

  it('keeps an empty cell empty', () => {
    expect(value(readAmount(''))).toBeNull();
    expect(value(readAmount('   '))).toBeNull();
    expect(value(readAmount(null))).toBeNull();
    expect(value(readAmount(undefined))).toBeNull();
  });

  it('refuses a third decimal, a sign, and what is not an amount, quoting the cell', () => {
    expect(value(readAmount('10.123'))).toBe("! '10.123' has more than 2 decimals (paise)");
    expect(value(readAmount(1.005))).toBe("! '1.005' has more than 2 decimals (paise)");
    expect(value(readAmount('-500'))).toBe("! '-500' is negative");
    expect(value(readAmount('(500)'))).toBe("! '(500)' is negative");
    expect(value(readAmount(-1))).toBe("! '-1' is negative");
    expect(value(readAmount(Number.NaN))).toBe("! 'NaN' is not an amount");
    expect(value(readAmount(Number.POSITIVE_INFINITY))).toBe("! 'Infinity' is not an amount");
    for (const cell of ['abc', '1,2', '1200,50', '1.200,50', '1 200', '12e3', '₹', '1,234,56', 'NaN', true])
      expect(value(readAmount(cell)), String(cell)).toMatch(/is not an amount$/);
    expect(value(readAmount('10000000000000'))).toBe("! '10000000000000' is too large");
  });

  it('turns every two-decimal amount, written plain or grouped, into its paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (paise) => {
        const rupees = Math.floor(paise / 100);
        const text = `${rupees}.${String(paise % 100).padStart(2, '0')}`;
        const grouped = `${rupees.toLocaleString('en-IN')}.${String(paise % 100).padStart(2, '0')}`;
        expect(value(readAmount(text))).toBe(paise);
        expect(value(readAmount(grouped))).toBe(paise);
        expect(value(readAmount(Number(text)))).toBe(paise);
      }),
    );
  });
});

describe('readMobile', () => {
  it('takes off +91, 0091, 91 and 0 and drops spaces, dashes and brackets', () => {
    for (const cell of [
      '9876543210',
      '+91 98765 43210',
      '+919876543210',
      '0091 9876543210',
      '919876543210',
      '09876543210',
      '98765-43210',
      '(987) 654-3210',
      9876543210,
      919876543210,
    ])
      expect(value(readMobile(cell)), String(cell)).toBe('9876543210');
  });

  it('refuses what the users form refuses: not 10 digits starting 6 to 9', () => {
    expect(value(readMobile('98765'))).toBe("! '98765' is not a 10-digit mobile number");
    for (const cell of ['5876543210', '98765432101', '+1 9876543210', 'abc', 9876543210.5])
      expect(value(readMobile(cell)), String(cell)).toMatch(/is not a 10-digit mobile number$/);
  });
});

describe('readText', () => {
  it('trims, and reads an empty or blank cell as empty', () => {
    expect(value(readText('  Anil  '))).toBe('Anil');
    expect(value(readText(' \t '))).toBeNull();
    expect(value(readText(12))).toBe('12');
    expect(value(readText(true))).toBe('TRUE');
  });

  it('refuses NUL bytes, control characters and bytes that were not text', () => {
    const control = '! has a NUL byte or another control character; retype the cell';
    expect(value(readText('Ani\u0000l'))).toBe(control);
    expect(value(readText('\u001bAnil'))).toBe(control);
    expect(value(readText('An\uFFFDil'))).toMatch(/could not be read; save the file as CSV UTF-8/);
    expect(value(readText('\uD800'))).toMatch(/could not be read/);
  });

  it("passes on a reader's refusal of a cell", () => {
    expect(value(readText({ refused: 'a formula without a stored value' }))).toBe(
      '! a formula without a stored value',
    );
  });
});

describe('readCount', () => {
  it('reads whole numbers only', () => {
    expect(value(readCount('100'))).toBe(100);
    expect(value(readCount(30))).toBe(30);
    expect(value(readCount('0'))).toBe(0);
    expect(value(readCount('2.5'))).toBe("! '2.5' is not a whole number");
    expect(value(readCount(-3))).toBe("! '-3' is not a whole number");
    expect(value(readCount('ten'))).toBe("! 'ten' is not a whole number");
  });
});
