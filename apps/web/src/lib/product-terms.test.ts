import { describe, expect, it } from 'vitest';
import { collectionDaysLabel, emiRuleLabel } from './product-terms';

describe('collectionDaysLabel', () => {
  it.each([
    [[], 'Every day'],
    [['sunday'], 'Mon–Sat'],
    [['saturday', 'sunday'], 'Mon–Fri'],
    [['friday'], 'Sat–Thu'],
    [['wednesday', 'sunday'], 'Mon–Tue, Thu–Sat'],
    [['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], 'Sun'],
    [['sunday', 'tuesday', 'thursday'], 'Mon, Wed, Fri–Sat'],
  ] as const)('names the days collected around off-days %j as %s', (offDays, label) => {
    expect(collectionDaysLabel(offDays)).toBe(label);
  });
});

describe('emiRuleLabel', () => {
  it('states the rule per ₹1,000, or that the EMI is typed', () => {
    expect(emiRuleLabel(12)).toBe('₹12 a day per ₹1,000');
    expect(emiRuleLabel(12.5)).toBe('₹12.50 a day per ₹1,000');
    expect(emiRuleLabel(null)).toBe('Typed per loan');
  });
});
