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
 * The largest amount the conversions take: ₹99,99,99,99,99,999.99, fifteen significant digits.
 * A double carries any decimal of fifteen significant digits exactly (its shortest text is that
 * decimal again), so an amount that arrived as a JSON number is still its decimal text; beyond it,
 * neighbouring amounts start to share one double. Every limit of the loan terms sits far below.
 */
export const MAX_CONVERTIBLE_PAISE: Paise = 999_999_999_999_999;

/** Why a rupee amount cannot become paise; the messages are the API's field errors. */
export const MONEY_MESSAGES = {
  notANumber: 'Amount must be a number',
  decimals: 'Amount may have at most 2 decimals',
  tooLarge: 'Amount is too large',
} as const;

export type RupeesParse = { ok: true; paise: Paise } | { ok: false; message: string };

/** A decimal as JSON or a form writes it: optional sign, digits with an optional point, optional exponent. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
/** Digits left of the point at most: 13 rupee digits + 2 paise digits = the fifteen above. */
const MAX_WHOLE_DIGITS = 13;

/**
 * Rupees (a JSON number or the text of a form field) to paise, by reading the decimal text — never a
 * float product, which turns 524288.07 into 52428806.99999999. A third decimal is refused rather
 * than rounded: a lender never wants a silently altered amount.
 */
export const parseRupees = (rupees: number | string): RupeesParse => {
  if (typeof rupees === 'number' && !Number.isFinite(rupees))
    return { ok: false, message: MONEY_MESSAGES.notANumber };
  // String(number) is the shortest text that reads back as the same double: the amount as typed.
  const match = DECIMAL.exec(typeof rupees === 'number' ? String(rupees) : rupees.trim());
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match ?? [];
  if (match === null || whole + fraction === '') return { ok: false, message: MONEY_MESSAGES.notANumber };

  // The value is 0.<digits> × 10^point once leading zeros are dropped; trailing zeros change nothing.
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  const significant = digits.search(/[1-9]/);
  if (significant === -1) return { ok: true, paise: 0 };
  digits = digits.slice(significant).replace(/0+$/, '');
  point -= significant;
  if (digits.length - point > 2) return { ok: false, message: MONEY_MESSAGES.decimals };
  if (point > MAX_WHOLE_DIGITS) return { ok: false, message: MONEY_MESSAGES.tooLarge };
  const paise = Number(digits.padEnd(point + 2, '0'));
  return { ok: true, paise: sign === '-' ? -paise : paise };
};

/** `parseRupees`, throwing a RangeError with its message on an amount that cannot be paise. */
export const rupeesToPaise = (rupees: number | string): Paise => {
  const parsed = parseRupees(rupees);
  if (!parsed.ok) throw new RangeError(parsed.message);
  return parsed.paise;
};

/** Whether a rupee amount can be carried exactly in paise. */
export const isRupeeAmount = (rupees: number | string): boolean => parseRupees(rupees).ok;

/**
 * Paise to rupees for JSON answers. Exact: the division is correctly rounded, so the double is the
 * one nearest the two-decimal amount and prints as that amount.
 */
export const paiseToRupees = (paise: Paise): number => assertPaise(paise) / 100;

/** An optional amount in rupees: null stays null. */
export const paiseToRupeesOrNull = (paise: Paise | null): number | null =>
  paise === null ? null : paiseToRupees(paise);

/** Whole rupees and the paise left over, by integer arithmetic only. */
const splitPaise = (paise: Paise): { negative: boolean; whole: number; fraction: number } => {
  const abs = Math.abs(Math.round(paise));
  const fraction = abs % 100;
  return { negative: paise < 0, whole: (abs - fraction) / 100, fraction };
};

/** '1234.50': paise as plain rupees with two decimals, for CSV files and spreadsheets. */
export const rupeesText = (paise: Paise): string => {
  if (!Number.isFinite(paise)) return '';
  const { negative, whole, fraction } = splitPaise(paise);
  return `${negative ? '-' : ''}${whole}.${String(fraction).padStart(2, '0')}`;
};

const grouper = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * '₹1,23,456' (Indian grouping): `decimals` 0 rounds to whole rupees (tables), 2 always shows paise
 * (receipts), 'auto' shows paise only when there are some, so a message never rounds a paisa away.
 * Never throws: a screen shows whatever amount it was given.
 */
export const formatRupees = (paise: Paise, decimals: 0 | 2 | 'auto' = 0): string => {
  if (!Number.isFinite(paise)) return '₹-';
  const { negative, whole, fraction } = splitPaise(paise);
  const sign = negative && (whole > 0 || fraction > 0) ? '-' : '';
  if (decimals === 0 || (decimals === 'auto' && fraction === 0)) {
    // Half a rupee rounds up, away from zero.
    return `₹${sign}${grouper.format(whole + (fraction >= 50 ? 1 : 0))}`;
  }
  return `₹${sign}${grouper.format(whole)}.${String(fraction).padStart(2, '0')}`;
};

/** Rupees with two decimals and no grouping ('1234.50'): a number as spreadsheets read it. */
export const plainRupees = rupeesText;
