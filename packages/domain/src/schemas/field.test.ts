import { describe, expect, it } from 'vitest';
import {
  fieldMessages,
  istDateTimeToInstant,
  ZAgentOverdueQuery,
  ZCollectionReportQuery,
  ZUpcomingQuery,
} from './field';
import { ZParTrendQuery } from './portfolio';
import { ZCreditScoreQuery } from './reports';

describe('istDateTimeToInstant', () => {
  it('reads an Asia/Kolkata date and time as its UTC instant', () => {
    expect(istDateTimeToInstant('2026-11-21 00:00:00')?.toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(istDateTimeToInstant('2026-11-21 23:59:59')?.toISOString()).toBe('2026-11-21T18:29:59.000Z');
  });

  it('answers null for what names no moment', () => {
    for (const text of [
      '2026-02-30 10:00:00',
      '2026-11-21 24:00:00',
      '2026-11-21 10:60:00',
      '2026-11-21',
      '',
    ])
      expect(istDateTimeToInstant(text)).toBeNull();
  });
});

describe('field queries', () => {
  it('take blank ids as absent and refuse impossible dates', () => {
    expect(ZAgentOverdueQuery.parse({ customerId: '', agentId: '' })).toEqual({ page: 1, limit: 1000 });
    expect(ZCollectionReportQuery.safeParse({ startDate: '2026-02-30 00:00:00' }).success).toBe(false);
    expect(ZCollectionReportQuery.parse({ startDate: '', endDate: '2026-11-21 23:59:59' })).toMatchObject({
      endDate: '2026-11-21 23:59:59',
    });
    expect(ZCreditScoreQuery.safeParse({}).error?.issues[0]?.message).toBe('customer_id is required');
    expect(ZCreditScoreQuery.parse({ customer_id: '7' })).toEqual({ customer_id: 7 });
  });

  it('refuse a page, page size or day count out of range in the product’s words', () => {
    const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
    expect(first(ZAgentOverdueQuery.safeParse({ limit: '5000' }))).toBe('limit must be between 1 and 1000');
    expect(first(ZAgentOverdueQuery.safeParse({ limit: '2.5' }))).toBe('limit must be between 1 and 1000');
    expect(first(ZAgentOverdueQuery.safeParse({ page: '0' }))).toBe('page must be a positive integer');
    expect(first(ZCollectionReportQuery.safeParse({ limit: '0' }))).toBe('limit must be between 1 and 1000');
    expect(first(ZUpcomingQuery.safeParse({ days: '32' }))).toBe('days must be between 1 and 31');
    expect(first(ZParTrendQuery.safeParse({ days: 'x' }))).toBe('days must be between 1 and 90');
    expect(ZParTrendQuery.parse({})).toEqual({ days: 90 });
  });

  it('word the collection message with rupees, paise only when there are some', () => {
    expect(fieldMessages.overdueCollected(1, 12_000)).toBe('1 overdue EMI collected: ₹120.');
    expect(fieldMessages.overdueCollected(3, 123_450)).toBe('3 overdue EMIs collected: ₹1,234.50.');
  });
});
