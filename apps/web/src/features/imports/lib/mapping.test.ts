import { describe, expect, it } from 'vitest';
import { makeImportSheet } from '../../../test/import-fixtures';
import { draftForKind, draftOf, headerChoices, mappingRequest, missingColumns } from './mapping';

describe('the mapping drafts', () => {
  const sheet = makeImportSheet();

  it("reads the server's mapping as each column's header, null where the file has none", () => {
    const draft = draftOf(sheet);
    expect(draft.kind).toBe('loans');
    expect(draft.columns).toMatchObject({
      loan_reference: 'Loan No',
      customer: 'Customer mobile',
      start_date: null,
      agent: null,
    });
    expect(missingColumns(draft).map((column) => column.key)).toEqual(['start_date']);
  });

  it('matches the headers by name when the sheet is read as another kind', () => {
    const people = makeImportSheet({
      name: 'Staff',
      kind: null,
      headers: ['Name', 'Mobile No.', 'Contact', ''],
    });
    expect(draftOf(people)).toEqual({ name: 'Staff', kind: null, columns: {} });
    const agents = draftForKind(people, 'agents');
    expect(agents.columns).toMatchObject({ name: 'Name', mobile: 'Mobile No.', address: null });
    expect(missingColumns(agents).map((column) => column.key)).toEqual(['email']);
    expect(draftForKind(people, null).columns).toEqual({});
    expect(missingColumns(draftForKind(people, null))).toEqual([]);
    expect(headerChoices(people)).toEqual(['Name', 'Mobile No.', 'Contact']);
  });

  it('sends every sheet, and the cut-over day only when it changed', () => {
    const draft = { ...draftOf(sheet), columns: { ...draftOf(sheet).columns, start_date: 'Opened on' } };
    const request = mappingRequest([draft, { name: 'Notes', kind: null, columns: {} }]);
    expect(request).toEqual({
      sheets: [
        { name: 'Loans', kind: 'loans', columns: draft.columns },
        { name: 'Notes', kind: null, columns: {} },
      ],
    });
    expect(mappingRequest([draft], '2026-11-01').cutOverDate).toBe('2026-11-01');
  });
});
