/**
 * Loan products: the lender's standard terms. A loan made from one is checked against it and copies
 * its terms and weekly off-days (`productForLoan`); editing a product never rewrites a loan.
 */

export { productRoutes } from './routes';
export { type ProductForLoan, productForLoan } from './service';
