import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isNoSpaceLeft } from './db-errors';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a refused, reset or terminated connection, directly or as a cause', () => {
    expect(isDatabaseUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: coded('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(
      true,
    );
  });

  it("knows PostgreSQL's connection and shutdown codes", () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03'])
      expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it('does not take a wrong query or a conflict for an outage', () => {
    for (const code of ['23505', '42P01', '40001', '57014'])
      expect(isDatabaseUnavailable(coded(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('isNoSpaceLeft', () => {
  it('knows a full disk and a full quota, nothing else', () => {
    expect(isNoSpaceLeft(coded('ENOSPC'))).toBe(true);
    expect(isNoSpaceLeft(coded('EDQUOT'))).toBe(true);
    expect(isNoSpaceLeft(coded('EACCES'))).toBe(false);
  });
});
