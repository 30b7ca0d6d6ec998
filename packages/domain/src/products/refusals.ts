/** Why a call on loan products or the holiday list is refused. */
export const PRODUCT_REFUSALS = {
  PRODUCT_NOT_FOUND: 'No loan product has that id.',
  PRODUCT_ARCHIVED: 'The loan product is archived: new loans cannot be made from it.',
  PRODUCT_NAME_TAKEN: 'Another loan product already has that name.',
  PRODUCT_AMOUNT_OUT_OF_RANGE: "The loan amount is outside the product's range.",
  PRODUCT_TENURE_OUT_OF_RANGE: "The tenure is outside the product's range.",
  PRODUCT_EMI_MISMATCH: "The per-day EMI is not the one the product's rule gives for the amount.",
  HOLIDAY_EXISTS: 'That day is already on the holiday list.',
  HOLIDAY_IN_PAST: 'A holiday can be declared only for today or a later day.',
  HOLIDAY_MOVED_EMIS: "The holiday already moved loans' instalments, so it stays on the list.",
  HOLIDAY_NOT_FOUND: 'That day is not on the holiday list.',
} as const;
/** A refusal code of loan products and holidays. */
export type ProductRefusalCode = keyof typeof PRODUCT_REFUSALS;
