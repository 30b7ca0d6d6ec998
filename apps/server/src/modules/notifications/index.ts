/** Notifications: admins send them to users; everyone reads their own inbox. */
export { notificationRoutes } from './routes';
