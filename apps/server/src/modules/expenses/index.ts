/** Expense Management: staff expenses in paise, scoped per caller (agents their own). */
export { expenseRoutes } from './routes';
