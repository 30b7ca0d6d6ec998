import { PageTitle } from '../../../components/page-title';

/** Payments Due — built by a later issue; until then only its title shows. */
export const PaymentsDuePage = () => <PageTitle testId="page-payments-due" title="Payments Due" />;
