/** Task Management: each staff member's own tasks. */
export { todoRoutes } from './routes';
