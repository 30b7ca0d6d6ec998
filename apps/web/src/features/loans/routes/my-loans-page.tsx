import { PageTitle } from '../../../components/page-title';

/** My Loans — built by a later issue; until then only its title shows. */
export const MyLoansPage = () => <PageTitle testId="page-my-loans" title="My Loans" />;
