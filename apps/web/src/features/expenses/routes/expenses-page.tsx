import { PageTitle } from '../../../components/page-title';

/** Expense Management — built by a later issue; until then only its title shows. */
export const ExpensesPage = () => <PageTitle testId="page-expenses" title="Expense Management" />;
