/** The admin dashboard's figures, recent activity and system status. */
export { dashboardRoutes } from './routes';
