import { describe, expect, it } from 'vitest';
import { defuseCsvText } from './csv';

describe('defuseCsvText', () => {
  it.each(['=HYPERLINK("x")', '+91 98200', '-5', '@SUM(A1)', '\tTab', '\rReturn'])(
    'makes %j plain text',
    (text) => {
      expect(defuseCsvText(text)).toBe(`'${text}`);
    },
  );

  it('leaves ordinary text alone and writes nothing for a missing value', () => {
    expect(defuseCsvText('Asha Verma')).toBe('Asha Verma');
    expect(defuseCsvText(null)).toBe('');
    expect(defuseCsvText(undefined)).toBe('');
  });
});
