/** GET /health: whether the database answers; its ping is shared with the system status. */
export { pingDatabase } from './repository';
export { healthRoutes } from './routes';
