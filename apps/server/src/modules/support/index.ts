/** Support messages: users and agents write them, admins follow them up (the demo too, through the service). */
export { supportRoutes } from './routes';
export { createSupport } from './service';
