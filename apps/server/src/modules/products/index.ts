/**
 * Loan products: the lender's standard terms. A loan made from one is checked against it and copies
 * its terms and weekly off-days (`productForLoan`); editing a product never rewrites a loan. The demo
 * adds its products through `createProducts`.
 */

export { productRoutes } from './routes';
export { createProducts, type ProductForLoan, productForLoan } from './service';
