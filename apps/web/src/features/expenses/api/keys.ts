/** Every expense query sits under this key, so a change refreshes the list, its totals and the filter. */
export const expensesKey = ['expenses'] as const;
