import { describe, expect, it } from 'vitest';
import { agentSuccessRate } from './success-rate';

describe('agentSuccessRate', () => {
  it('is overdue loans ÷ (overdue loans + 10) as a percentage', () => {
    expect(agentSuccessRate(0)).toBe(0);
    expect(agentSuccessRate(10)).toBe(50);
    expect(agentSuccessRate(5)).toBe(33.3);
    expect(agentSuccessRate(2)).toBe(16.7);
    expect(agentSuccessRate(90)).toBe(90);
  });
});
