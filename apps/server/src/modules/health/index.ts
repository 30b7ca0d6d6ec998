/** GET /health: whether the database answers. */
export { healthRoutes } from './routes';
