/** Notifications: admins send them to users; everyone reads their own inbox. The demo sends through the service. */
export { notificationRoutes } from './routes';
export { createNotifications } from './service';
