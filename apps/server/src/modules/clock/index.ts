/** GET /clock: the business day every screen uses. */
export { clockRoutes } from './routes';
