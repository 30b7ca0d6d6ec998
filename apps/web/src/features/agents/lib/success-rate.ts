/**
 * The agent dashboard's Success Rate: overdue loan count ÷ (that count + 10), as a
 * percentage rounded to one decimal.
 */
export const agentSuccessRate = (overdueLoanCount: number): number => {
  const count = Math.max(0, overdueLoanCount);
  return Math.round((count * 1000) / (count + 10)) / 10;
};
