import { describe, expect, it } from 'vitest';
import { sampleCollectionRecord } from '../testing';
import { bouncedDateRangeError, bouncedStatusLabel, collectionPageTotals } from './reports';

const record = sampleCollectionRecord;

describe('collection page totals', () => {
  it('counts unique agents and customers and sums paid and bounced in paise', () => {
    const totals = collectionPageTotals([
      record({ amount: 500.25 }),
      record({ customer: { id: 41, name: 'Ravi', mobile: null }, amount: 0.1 }),
      record({ status: 'bounced', collector: { id: 4, name: 'Anita', mobile: null }, amount: 300 }),
    ]);
    expect(totals).toEqual({
      agents: 2,
      customers: 2,
      collected: 50035,
      bounced: 30000,
      collectedCount: 2,
      bouncedCount: 1,
    });
  });

  it('nets a refund (cash paid out) into the page total without counting it as a collection', () => {
    const totals = collectionPageTotals([
      record({ amount: 150 }),
      record({ record_type: 'refund', emi_number: null, amount: -140 }),
    ]);
    expect(totals).toMatchObject({ collected: 1000, collectedCount: 1, bouncedCount: 0 });
  });
});

describe('bounced EMIs', () => {
  it('refuses Date To before Date From with the contract message', () => {
    expect(bouncedDateRangeError('2026-11-21', '2026-11-20')).toBe('Date To cannot be before Date From');
    expect(bouncedDateRangeError('2026-11-21', '2026-11-21')).toBeNull();
    expect(bouncedDateRangeError(null, '2026-11-20')).toBeNull();
  });

  it('labels statuses', () => {
    expect(bouncedStatusLabel('bounced')).toBe('Bounced');
    expect(bouncedStatusLabel('recovered')).toBe('Recovered');
    expect(bouncedStatusLabel('other')).toBe('Pending');
  });
});
