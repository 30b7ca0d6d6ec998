/**
 * Money is an integer count of paise (1 rupee = 100 paise). JavaScript numbers hold integers
 * exactly up to 2^53, about 90 trillion rupees, so a safe integer is exact; anything else is refused.
 */
export type Paise = number;

export const assertPaise = (value: number): Paise => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of paise: ${value}`);
  return value;
};

/**
 * Rupees as the API carries them (a JSON number with at most two decimals) to paise. A value with a
 * third decimal is refused rather than rounded: a lender never wants a silently altered amount.
 */
export const rupeesToPaise = (rupees: number): Paise => {
  if (!Number.isFinite(rupees)) throw new RangeError('Amount must be a finite number');
  const [whole = '0', fraction = ''] = Math.abs(rupees).toFixed(10).split('.');
  if (/[1-9]/.test(fraction.slice(2))) throw new RangeError('Amount may have at most 2 decimals');
  const paise = Number(whole) * 100 + Number(fraction.slice(0, 2));
  return assertPaise(rupees < 0 ? -paise : paise);
};

/** Whether a rupee amount can be carried exactly in paise. */
export const isRupeeAmount = (rupees: number): boolean => {
  try {
    rupeesToPaise(rupees);
    return true;
  } catch {
    return false;
  }
};

/** Paise to rupees for JSON answers; exact because the result has at most two decimals. */
export const paiseToRupees = (paise: Paise): number => assertPaise(paise) / 100;

/** An optional amount in rupees: null stays null. */
export const paiseToRupeesOrNull = (paise: Paise | null): number | null =>
  paise === null ? null : paiseToRupees(paise);

const groupers = new Map<number, Intl.NumberFormat>();
const grouperFor = (decimals: number): Intl.NumberFormat => {
  let grouper = groupers.get(decimals);
  if (!grouper) {
    grouper = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    groupers.set(decimals, grouper);
  }
  return grouper;
};

/** '₹1,23,456' (Indian grouping); `decimals` 0 for tables, 2 for receipts. */
export const formatRupees = (paise: Paise, decimals: 0 | 2 = 0): string => {
  const rupees = decimals === 0 ? Math.round(paise / 100) : paise / 100;
  return `₹${grouperFor(decimals).format(rupees)}`;
};

/** Rupees with two decimals and no grouping ('1234.50'): a number as spreadsheets read it. */
export const plainRupees = (paise: Paise): string => paiseToRupees(paise).toFixed(2);
