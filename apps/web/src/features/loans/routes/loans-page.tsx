import { PageTitle } from '../../../components/page-title';

/** Loan Management — built by a later issue; until then only its title shows. */
export const LoansPage = () => <PageTitle testId="page-loans" title="Loan Management" />;
