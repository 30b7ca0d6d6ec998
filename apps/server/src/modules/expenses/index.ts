/** Expense Management: staff expenses in paise, scoped per caller (agents their own); the demo records through the service. */
export { createExpenses } from './expense-service';
export { expenseRoutes } from './routes';
