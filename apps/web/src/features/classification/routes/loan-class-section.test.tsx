import type { TLoanClassification } from '@lending/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders } from '../../../test/assertions';
import { openLoanDetails } from '../../../test/loan-details';
import { makeEmi } from '../../../test/loan-fixtures';

const classified: TLoanClassification = {
  asOf: '2026-11-20',
  loanClass: 'npa',
  ownClass: 'sma1',
  daysPastDue: 42,
  since: '2026-11-18',
  changes: [
    {
      businessDate: '2026-11-18',
      fromClass: 'sma1',
      toClass: 'npa',
      daysPastDue: 40,
      reason: 'borrower_npa',
    },
    {
      businessDate: '2026-11-08',
      fromClass: 'sma0',
      toClass: 'sma1',
      daysPastDue: 31,
      reason: 'days_past_due',
    },
  ],
};

const openWith = async (answer: { status?: number; body: unknown }) => {
  const opened = await openLoanDetails([makeEmi(1)], { 'GET /loans/1/classification': answer });
  return { ...opened, section: within(await opened.details.findByTestId('loan-class-section')) };
};

describe("Loan Details' RBI class", { timeout: 30_000 }, () => {
  it('shows the class, by borrower, its days past due, since and as of, and each change with its reason', async () => {
    const { section } = await openWith({ body: classified });
    const facts = await section.findByTestId('loan-class-facts');
    expect(facts).toHaveTextContent('NPAby borrower');
    expect(facts).toHaveTextContent('Days past due: 42');
    expect(facts).toHaveTextContent('Since: 18-11-2026');
    expect(facts).toHaveTextContent('As of: 20-11-2026');
    const changes = section.getByTestId('loan-class-changes');
    expect(columnHeaders(changes)).toEqual(['Date', 'Change', 'Days past due', 'Reason']);
    const [first, second] = within(changes).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('18-11-2026SMA-1 → NPA40Another loan of the borrower is NPA');
    expect(second).toHaveTextContent('08-11-2026SMA-0 → SMA-131Days past due');
  });

  it('says an upgrade by all arrears paid, with no borrower marker on its own class', async () => {
    const { section } = await openWith({
      body: {
        ...classified,
        loanClass: 'standard',
        ownClass: 'standard',
        daysPastDue: 0,
        changes: [
          {
            businessDate: '2026-11-20',
            fromClass: 'npa',
            toClass: 'standard',
            daysPastDue: 0,
            reason: 'arrears_paid',
          },
        ],
      },
    });
    const facts = await section.findByTestId('loan-class-facts');
    expect(facts).toHaveTextContent('Standard');
    expect(facts).not.toHaveTextContent('by borrower');
    expect(section.getByTestId('loan-class-changes')).toHaveTextContent(
      '20-11-2026NPA → Standard0All arrears paid',
    );
  });

  it('says a loan no close has classified yet is not classified', async () => {
    const { section } = await openWith({
      body: {
        asOf: null,
        loanClass: 'standard',
        ownClass: 'standard',
        daysPastDue: null,
        since: null,
        changes: [],
      },
    });
    expect(
      await section.findByText('Not classified yet: no day-end close has run since this loan began'),
    ).toBeInTheDocument();
    expect(section.queryByTestId('loan-class-changes')).toBeNull();
  });

  it('keeps the rest of Loan Details when the class cannot be loaded', async () => {
    const { section, details } = await openWith({ status: 500, body: {} });
    expect(await section.findByText('The class could not be loaded')).toBeInTheDocument();
    expect(details.getByTestId('loan-summary-cards')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Loan Details — LN0001' })).toBeInTheDocument();
  });
});
