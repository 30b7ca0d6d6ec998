/** The agent dashboard: overdue and upcoming EMIs and the collect (the demo collects through the same service). */
export { createOverdueCollection } from './collect-service';
export { agentRoutes } from './routes';
