import { describe, expect, it } from 'vitest';
import { messageFilterOptions, messageParamsOf, NO_MESSAGE_FILTERS } from './message-filters';

describe("the message log's filters", () => {
  const options = messageFilterOptions('2026-11-21');

  it("open on today's business day", () => {
    expect(options.initial).toEqual({ ...NO_MESSAGE_FILTERS, from: '2026-11-21', to: '2026-11-21' });
  });

  it('take from the address bar only values that fit', () => {
    const accepts = options.acceptsUrl ?? (() => true);
    expect(accepts('status', 'failed')).toBe(true);
    expect(accepts('status', 'lost')).toBe(false);
    expect(accepts('channel', 'whatsapp')).toBe(true);
    expect(accepts('event', 'emi_overdue')).toBe(true);
    expect(accepts('from', '')).toBe(true);
    expect(accepts('from', '21/11/2026')).toBe(false);
    expect(accepts('search', 'anything')).toBe(true);
  });

  it('refuse a From after To', () => {
    const filters = { ...NO_MESSAGE_FILTERS, from: '2026-11-22', to: '2026-11-21' };
    expect(options.refusal?.(filters)).toBe('From must be on or before To');
    expect(options.refusal?.({ ...filters, to: '' })).toBeNull();
  });

  it('write the blank choices out of the address bar but keep a cleared date', () => {
    expect(messageParamsOf({ ...NO_MESSAGE_FILTERS, status: 'failed', to: '2026-11-21' })).toEqual({
      status: 'failed',
      from: '',
      to: '2026-11-21',
    });
  });
});
