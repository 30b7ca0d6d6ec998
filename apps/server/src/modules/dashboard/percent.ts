/** A ratio in percent with two decimals; 0 when there is nothing to divide by. */
export const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
