/** Every loan product query sits under this key (the Add Loan form's active list too), so a save refreshes them all. */
export const loanProductsKey = ['loan-products'] as const;
