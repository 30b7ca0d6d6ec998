import { describe, expect, it } from 'vitest';
import {
  expenseDateRangeError,
  istDayInstants,
  istMonthBounds,
  ZExpenseRequest,
  ZExpensesQuery,
} from './expenses';
import { isTodoTitleValid, todoCompletionRate, ZUpdateTodoRequest } from './todos';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('expense contracts', () => {
  it('trims names and reasons and reads the amount as rupees', () => {
    expect(
      ZExpenseRequest.parse({ expense_name: '  Fuel ', reason: ' Bike ', amount_paid: '250.50' }),
    ).toEqual({
      expense_name: 'Fuel',
      reason: 'Bike',
      amount_paid: 250.5,
    });
  });

  it.each([
    { expense_name: '   ', reason: 'x', amount_paid: 1 },
    { expense_name: 'x', reason: '', amount_paid: 1 },
    { expense_name: 'x', reason: 'y' },
    { expense_name: 'x', reason: 'y', amount_paid: ' ' },
    { reason: 'y', amount_paid: 1 },
  ])('answers All fields are required for %j', (body) => {
    expect(firstMessage(ZExpenseRequest.safeParse(body))).toBe('All fields are required');
  });

  it('refuses a zero amount and more than two decimals', () => {
    expect(firstMessage(ZExpenseRequest.safeParse({ expense_name: 'x', reason: 'y', amount_paid: 0 }))).toBe(
      'Amount must be greater than 0',
    );
    expect(ZExpenseRequest.safeParse({ expense_name: 'x', reason: 'y', amount_paid: 1.234 }).success).toBe(
      false,
    );
  });

  it('reads every form of a day bound as its IST calendar day', () => {
    const query = ZExpensesQuery.parse({
      startDate: '2026-11-01T18:30:00.000Z',
      endDate: '2026-11-05 23:59:59',
    });
    expect(query).toMatchObject({ startDate: '2026-11-02', endDate: '2026-11-05', page: 1, limit: 20 });
    expect(ZExpensesQuery.parse({ startDate: '', userId: '' })).toMatchObject({ startDate: undefined });
    expect(firstMessage(ZExpensesQuery.safeParse({ startDate: '2026-11-05', endDate: '2026-11-01' }))).toBe(
      'Start date cannot be after end date',
    );
    expect(ZExpensesQuery.safeParse({ startDate: '2026-02-30' }).success).toBe(false);
  });

  it('refuses a range in the future or reversed', () => {
    expect(expenseDateRangeError('2026-11-22', undefined, '2026-11-21')).toBe(
      'Dates cannot be in the future',
    );
    expect(expenseDateRangeError('2026-11-20', '2026-11-19', '2026-11-21')).toBe(
      'Start date cannot be after end date',
    );
    expect(expenseDateRangeError('2026-11-01', '2026-11-21', '2026-11-21')).toBeNull();
  });

  it('turns IST days and months into instants', () => {
    expect(istDayInstants('2026-11-01', '2026-11-01')).toEqual({
      from: new Date('2026-10-31T18:30:00.000Z'),
      to: new Date('2026-11-01T18:30:00.000Z'),
    });
    expect(istMonthBounds('2026-12-31')).toEqual({
      from: new Date('2026-11-30T18:30:00.000Z'),
      to: new Date('2026-12-31T18:30:00.000Z'),
    });
  });
});

describe('todo contracts', () => {
  it('needs a title once trimmed, and something to update', () => {
    expect(isTodoTitleValid('   ')).toBe(false);
    expect(isTodoTitleValid(' Call Ravi ')).toBe(true);
    expect(firstMessage(ZUpdateTodoRequest.safeParse({}))).toBe('Nothing to update');
    expect(ZUpdateTodoRequest.parse({ completed: true })).toEqual({ completed: true });
  });

  it('rounds the completion rate', () => {
    expect(todoCompletionRate({ total: 3, completed: 2 })).toBe(67);
    expect(todoCompletionRate({ total: 0, completed: 0 })).toBe(0);
  });
});
