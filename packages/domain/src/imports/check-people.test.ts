import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from './columns';
import { checkSheet } from './test-support';

const AGENT_HEADERS = ['Name', 'Mobile', 'Email', 'Address', 'Active'];
const CUSTOMER_HEADERS = ['Name', 'Mobile No', 'Email', 'Customer ID', 'Agent', 'Referred by'];

describe('checking agents', () => {
  it('gives the agent of a good row in the units the book keeps', () => {
    const { records, errors } = checkSheet('agents', AGENT_HEADERS, [
      ['  Ramesh Kumar ', '+91 98765 00001', 'Ramesh@Example.com', '', 'No'],
    ]);
    expect(errors).toEqual([]);
    expect(records[0]).toEqual({
      name: 'Ramesh Kumar',
      mobile: '9876500001',
      email: 'ramesh@example.com',
      address: null,
      active: false,
    });
  });

  it("says what is wrong with each cell, in the users form's words", () => {
    const { records, errors } = checkSheet('agents', AGENT_HEADERS, [
      ['R', '98765', 'ramesh@', 'x'.repeat(501), 'maybe'],
      ['', '', '', '', ''],
    ]);
    expect(records).toEqual([null, null]);
    expect(errors).toEqual([
      "Row 2, Name: Name must be at least 2 characters ('R')",
      "Row 2, Mobile: '98765' is not a 10-digit mobile number",
      "Row 2, Email: Invalid email address ('ramesh@')",
      `Row 2, Address: Address must be at most 500 characters ('${'x'.repeat(39)}…')`,
      "Row 2, Active: 'maybe' is not one of: Yes, No",
      'Row 3, Name: is empty; this column is required',
      'Row 3, Mobile: is empty; this column is required',
      'Row 3, Email: is empty; this column is required',
    ]);
  });

  it('refuses a mobile or e-mail twice in the file, or already in the book', () => {
    const { errors } = checkSheet(
      'agents',
      AGENT_HEADERS,
      [
        ['Ramesh Kumar', '9876500001', 'ramesh@example.com'],
        ['Ramesh K', '09876500001', 'RAMESH@example.com'],
        ['Old Agent', '9876500009', 'old@example.com'],
      ],
      {
        book: {
          agents: { 'mobile:9876500009': { id: 4, name: 'Old Agent' } },
          emails: { 'old@example.com': 'Old Agent' },
        },
      },
    );
    expect(errors).toEqual([
      'Row 3, Mobile No: 9876500001 appears again (first on row 2)'.replace('Mobile No', 'Mobile'),
      'Row 3, Email: ramesh@example.com appears again (first on row 2)',
      'Row 4, Mobile: 9876500009 is already an agent in the book (Old Agent)',
      'Row 4, Email: old@example.com already belongs to Old Agent in the book',
    ]);
  });
});

describe('checking customers', () => {
  it('links the agent and the referrer to the Agents sheet, earlier rows or the book', () => {
    const agents = checkSheet('agents', AGENT_HEADERS, [
      ['Ramesh Kumar', '9876500001', 'ramesh@example.com'],
    ]);
    const { records, errors } = checkSheet(
      'customers',
      CUSTOMER_HEADERS,
      [
        ['Anil Sharma', '9876500011', 'anil@example.com', 'C-101', 'ramesh@example.com', ''],
        ['Meena Patil', '9876500012', 'meena@example.com', 'c-102', '9876500002', 'C-101'],
        ['Ravi', '9876500013', 'ravi@example.com', '', '', '9876500099'],
      ],
      { seen: agents.seen, book: { agents: { 'mobile:9876500002': { id: 7, name: 'Sunita' } } } },
    );
    expect(errors).toEqual(['Row 4, Referred by: no customer with mobile 9876500099']);
    expect(records[0]).toMatchObject({ reference: 'C-101', agent: { in: 'file', row: 2 }, referredBy: null });
    expect(records[1]).toMatchObject({ agent: { in: 'book', id: 7 }, referredBy: { in: 'file', row: 2 } });
  });

  it('names the agent it cannot find, and a mobile, reference or e-mail seen before', () => {
    const agents = checkSheet('agents', AGENT_HEADERS, [
      ['Ramesh Kumar', '9876500001', 'ramesh@example.com'],
    ]);
    const { errors } = checkSheet(
      'customers',
      CUSTOMER_HEADERS,
      [
        ['Anil Sharma', '9876500011', 'anil@example.com', 'C-101', '9876500000'],
        ['Anil S', '9876500011', 'ramesh@example.com', 'c-101', 'nobody@example.com'],
        ['Kiran', '9876500014', 'kiran@example.com', 'C-9', 'agent Ramesh'],
      ],
      {
        seen: agents.seen,
        book: { customers: { 'reference:C-9': { id: 3, name: 'Kiran', agentId: null } } },
      },
    );
    expect(errors).toEqual([
      'Row 2, Agent: no agent with mobile 9876500000',
      'Row 3, Mobile No: 9876500011 appears again (first on row 2)',
      'Row 3, Email: ramesh@example.com appears again (first on row 2 of the Agents sheet)',
      'Row 3, Customer ID: c-101 appears again (first on row 2)',
      'Row 3, Agent: no agent with e-mail nobody@example.com',
      'Row 4, Customer ID: C-9 is already a customer in the book (Kiran)',
      "Row 4, Agent: 'agent Ramesh' is neither a mobile number nor an e-mail address",
    ]);
  });

  it('declares the columns the users form has and no KYC number it does not keep', () => {
    expect(IMPORT_COLUMNS.customers.map((column) => column.key)).toEqual([
      'name',
      'mobile',
      'email',
      'address',
      'customer_reference',
      'agent',
      'reference_customer',
      'active',
    ]);
  });
});
