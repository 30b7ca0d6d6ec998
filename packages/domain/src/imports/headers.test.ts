import { describe, expect, it } from 'vitest';
import { columnNames, IMPORT_COLUMNS } from './columns';
import { matchHeaders } from './headers';
import { IMPORT_KINDS, type ImportColumn, importKindOfSheet, normalizeHeader } from './kinds';

describe('the declared columns', () => {
  it('name each column once within its kind, by key, header and synonyms', () => {
    for (const kind of IMPORT_KINDS) {
      const names = IMPORT_COLUMNS[kind].flatMap((column) => [...new Set(columnNames(column))]);
      expect(names.length, kind).toBe(new Set(names).size);
    }
  });

  it('each have a one-line note, two examples, and a required example on both rows', () => {
    for (const kind of IMPORT_KINDS)
      for (const column of IMPORT_COLUMNS[kind] as readonly ImportColumn[]) {
        expect(column.note, `${kind}.${column.key}`).toMatch(/^[^\n]{10,160}$/);
        expect(column.examples).toHaveLength(2);
        if (column.required) expect(column.examples.every((example) => example !== '')).toBe(true);
      }
  });
});

describe('normalizeHeader', () => {
  it('ignores case, spaces and punctuation', () => {
    expect(normalizeHeader(' Mobile No. ')).toBe('mobileno');
    expect(normalizeHeader('MOBILE_NO')).toBe('mobileno');
    expect(normalizeHeader('Tenure (EMI days)')).toBe('tenureemidays');
    expect(normalizeHeader('ग्राहक नाम')).not.toBe('');
  });
});

describe('matchHeaders', () => {
  it('matches the template headers and their synonyms, whatever their case and punctuation', () => {
    const match = matchHeaders('customers', [
      'Customer Name',
      'PHONE NO.',
      'e-mail',
      'Agent Mobile',
      'Notes',
      '',
    ]);
    expect(match.mapping).toEqual({ name: 0, mobile: 1, email: 2, agent: 3 });
    expect(match.unknown).toEqual(['Notes']);
    expect(match.missing).toEqual([]);
    expect(match.duplicates).toEqual([]);
  });

  it('lists the required columns the file lacks', () => {
    const match = matchHeaders('loans', ['Loan ID', 'Customer', 'Amount']);
    expect(match.missing).toEqual(['per_day_emi', 'total_emi_days', 'start_date']);
  });

  it('reads the first header naming a column and lists the later ones', () => {
    const match = matchHeaders('agents', ['Name', 'Mobile', 'Phone', 'Email', 'Mobile No']);
    expect(match.mapping.mobile).toBe(1);
    expect(match.duplicates).toEqual(['Phone', 'Mobile No']);
  });

  it("takes the lender's own choices first, by header text or position, and null for absent", () => {
    const headers = ['Naam', 'Phone', 'Alt phone', 'Email', 'Mobile'];
    const match = matchHeaders('agents', headers, { name: 'naam', mobile: 2, address: null });
    expect(match.mapping).toEqual({ name: 0, mobile: 2, email: 3 });
    // Other headers naming a chosen column are not read.
    expect(match.unknown).toEqual(['Phone', 'Mobile']);
    expect(match.missing).toEqual([]);
  });

  it('falls back to the names when a remembered choice is not in this file', () => {
    const match = matchHeaders('agents', ['Name', 'Mobile', 'Email'], { mobile: 'Cell phone', name: 7 });
    expect(match.mapping).toEqual({ name: 0, mobile: 1, email: 2 });
  });
});

describe('importKindOfSheet', () => {
  it('knows a sheet by its name or a CSV by its file name', () => {
    expect(importKindOfSheet('Agents')).toBe('agents');
    expect(importKindOfSheet('customers.csv')).toBe('customers');
    expect(importKindOfSheet('Loan book 2026')).toBe('loans');
    expect(importKindOfSheet('Loan collections')).toBe('collections');
    expect(importKindOfSheet('HDFC statement Nov.xlsx')).toBe('collections');
    expect(importKindOfSheet('About')).toBeNull();
  });
});
