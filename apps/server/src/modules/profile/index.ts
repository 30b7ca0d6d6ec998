/** The signed-in person's own profile (GET and PUT /users/profile/me). */
export { profileRoutes } from './routes';
