/** The agent dashboard: overdue and upcoming EMIs and the collect. */
export { agentRoutes } from './routes';
