import { PageTitle } from '../../../components/page-title';

/** Task Management — built by a later issue; until then only its title shows. */
export const TodosPage = () => <PageTitle testId="page-todos" title="Task Management" />;
