/** The Credit Report: credit events and a customer's credit score. */
export { reportRoutes } from './routes';
