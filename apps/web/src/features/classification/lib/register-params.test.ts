import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_FILTERS, readRegisterParams, registerParams, registerQuery } from './register-params';

describe("the register's filters in the address bar", () => {
  it('reads every filter and the page', () => {
    const params = new URLSearchParams('date=2026-11-20&loanClass=sma1&agentId=30&changed=true&page=3');
    expect(readRegisterParams(params)).toEqual({
      filters: { date: '2026-11-20', loanClass: 'sma1', agentId: '30', changed: true },
      page: 3,
    });
  });

  it('reads anything it does not know as no filter and page 1', () => {
    const params = new URLSearchParams('date=20-11-2026&loanClass=standard&agentId=x1&changed=yes&page=-2');
    expect(readRegisterParams(params)).toEqual({ filters: EMPTY_REGISTER_FILTERS, page: 1 });
  });

  it('writes only the filters set, and the page after the first', () => {
    const filters = { ...EMPTY_REGISTER_FILTERS, loanClass: 'npa' as const, changed: true };
    expect(registerParams(filters, 1)).toEqual({ loanClass: 'npa', changed: 'true' });
    expect(registerParams(filters, 2)).toEqual({ loanClass: 'npa', changed: 'true', page: '2' });
    expect(registerQuery(EMPTY_REGISTER_FILTERS)).toEqual({});
  });
});
