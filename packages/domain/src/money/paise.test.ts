import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRupees,
  isRupeeAmount,
  MAX_CONVERTIBLE_PAISE,
  paiseToRupees,
  paiseToRupeesOrNull,
  parseRupees,
  plainRupees,
  rupeesText,
  rupeesToPaise,
} from './paise';

/** ₹0.01 … ₹99,99,99,999.99 in paise. */
const amountPaise = fc.integer({ min: 1, max: 99_999_999_999 });

/** The decimal text of an amount built from its digits, with no arithmetic on rupees. */
const decimalText = (paise: number) => {
  const digits = String(paise).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

describe('rupeesToPaise', () => {
  it('reads amounts with paise above ₹5,24,288 exactly, where a float product goes wrong', () => {
    expect(rupeesToPaise(524288.07)).toBe(52_428_807);
    expect(rupeesToPaise(524288.06)).toBe(52_428_806);
    expect(rupeesToPaise(99999999.99)).toBe(9_999_999_999);
    expect(rupeesToPaise(999999999.99)).toBe(99_999_999_999);
    expect(rupeesToPaise('524288.07')).toBe(52_428_807);
  });

  it('reads whole rupees, one decimal, zero, signs and exponents', () => {
    expect(rupeesToPaise(120)).toBe(12_000);
    expect(rupeesToPaise(1250.5)).toBe(125_050);
    expect(rupeesToPaise(0.05)).toBe(5);
    expect(rupeesToPaise(0)).toBe(0);
    expect(rupeesToPaise('000.10')).toBe(10);
    expect(rupeesToPaise(' 7 ')).toBe(700);
    expect(rupeesToPaise('.5')).toBe(50);
    expect(rupeesToPaise('5.')).toBe(500);
    expect(rupeesToPaise('-3.25')).toBe(-325);
    expect(Object.is(rupeesToPaise('-0'), 0)).toBe(true);
    expect(rupeesToPaise('1.5e3')).toBe(150_000);
    expect(rupeesToPaise('12345e-2')).toBe(12_345);
    expect(rupeesToPaise('1.2300')).toBe(123);
  });

  it('refuses a third decimal instead of rounding it', () => {
    for (const value of [0.001, 1.005, 524288.071, '10.123', '1e-3', 0.1 + 0.2, 1e-7]) {
      expect(parseRupees(value)).toEqual({ ok: false, message: 'Amount may have at most 2 decimals' });
    }
    expect(() => rupeesToPaise(1.005)).toThrow(RangeError);
  });

  it('refuses what is not a number', () => {
    for (const value of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      ' ',
      '.',
      'abc',
      '1,000',
      '1..2',
      '0x10',
      '1e',
    ]) {
      expect(parseRupees(value)).toEqual({ ok: false, message: 'Amount must be a number' });
    }
  });

  it('refuses amounts beyond fifteen significant digits, where doubles stop being exact', () => {
    expect(rupeesToPaise('9999999999999.99')).toBe(MAX_CONVERTIBLE_PAISE);
    for (const value of ['10000000000000', 1e13, 1e21, '1e400', Number.MAX_VALUE]) {
      expect(parseRupees(value)).toEqual({ ok: false, message: 'Amount is too large' });
    }
    expect(isRupeeAmount(2 ** 53)).toBe(false);
  });

  it('round-trips every amount from ₹0.01 to ₹99,99,99,999.99 exactly, from its text and from its number', () => {
    fc.assert(
      fc.property(amountPaise, (paise) => {
        const text = decimalText(paise);
        expect(rupeesToPaise(text)).toBe(paise);
        expect(rupeesToPaise(Number(text))).toBe(paise);
        expect(paiseToRupees(paise)).toBe(Number(text));
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
        expect(rupeesText(paise)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every amount with a third decimal that is not zero', () => {
    fc.assert(
      fc.property(amountPaise, fc.integer({ min: 1, max: 9 }), (paise, extra) => {
        expect(isRupeeAmount(`${decimalText(paise)}${extra}`)).toBe(false);
      }),
    );
  });
});

describe('paiseToRupees and rupeesText', () => {
  it('refuses a fraction of a paisa', () => {
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
  });

  it('writes two decimals', () => {
    expect(rupeesText(0)).toBe('0.00');
    expect(rupeesText(5)).toBe('0.05');
    expect(rupeesText(52_428_807)).toBe('524288.07');
    expect(rupeesText(-1_050)).toBe('-10.50');
  });
});

describe('formatRupees', () => {
  it('groups the Indian way at every size', () => {
    expect(formatRupees(9_999_999_999, 2)).toBe('₹9,99,99,999.99');
    expect(formatRupees(9_999_999_999)).toBe('₹10,00,00,000');
    expect(formatRupees(99_999_999_999, 'auto')).toBe('₹99,99,99,999.99');
    expect(formatRupees(MAX_CONVERTIBLE_PAISE, 2)).toBe('₹99,99,99,99,99,999.99');
    expect(formatRupees(12_345_600, 'auto')).toBe('₹1,23,456');
    expect(formatRupees(52_428_807, 'auto')).toBe('₹5,24,288.07');
  });

  it('rounds half a rupee up for tables', () => {
    expect(formatRupees(150)).toBe('₹2');
    expect(formatRupees(149)).toBe('₹1');
    expect(formatRupees(5, 2)).toBe('₹0.05');
  });

  it('never throws', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.constantFrom(0 as const, 2 as const, 'auto' as const),
        (value, decimals) => {
          expect(typeof formatRupees(value, decimals)).toBe('string');
        },
      ),
    );
  });
});

describe('rupees for answers and spreadsheets', () => {
  it('writes plain rupees with two decimals and no grouping', () => {
    expect(plainRupees(123_456_700)).toBe('1234567.00');
    expect(plainRupees(5)).toBe('0.05');
  });

  it('keeps a missing amount missing', () => {
    expect(paiseToRupeesOrNull(null)).toBeNull();
    expect(paiseToRupeesOrNull(12_050)).toBe(120.5);
  });
});
