/** Token Management: the superadmin's view of every session, and revoking, cleaning and removing them. */
export { tokenRoutes } from './routes';
