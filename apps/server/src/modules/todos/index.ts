/** Task Management: each staff member's own tasks; the demo adds its tasks through the service. */

export { todoRoutes } from './routes';
export { createTodos } from './todo-service';
