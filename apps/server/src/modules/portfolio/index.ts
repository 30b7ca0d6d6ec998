/** Portfolio at risk, ageing buckets and collection efficiency (docs/portfolio.md). */

export { portfolioTotalsMismatches } from './check-repository';
export { storeClosedDays } from './figures';
export { portfolioRoutes } from './routes';
