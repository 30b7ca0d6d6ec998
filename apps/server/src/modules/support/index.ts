/** Support messages: users and agents write them, admins follow them up. */
export { supportRoutes } from './routes';
