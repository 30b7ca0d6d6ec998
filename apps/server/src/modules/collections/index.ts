/** The Agent Collections report (GET /loans/agent/collection-report). */
export { collectionRoutes } from './routes';
