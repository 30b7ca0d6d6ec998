import { describe, expect, it } from 'vitest';
import { isTerminalLoanStatus, LOAN_STATUSES } from './types';

describe('terminal loan statuses', () => {
  it('are closed and default only', () => {
    expect(LOAN_STATUSES.filter(isTerminalLoanStatus)).toEqual(['closed', 'default']);
  });
});
