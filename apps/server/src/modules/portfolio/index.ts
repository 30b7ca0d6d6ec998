/** Portfolio at risk, ageing buckets and collection efficiency (docs/portfolio.md). */

export { storeClosedDays } from './figures';
export { portfolioRoutes } from './routes';
