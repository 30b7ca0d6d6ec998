/** Portfolio at risk, ageing buckets and collection efficiency (docs/portfolio.md). */

export { portfolioRoutes } from './routes';
