import { PageTitle } from '../../../components/page-title';

/** Credit Report — built by a later issue; until then only its title shows. */
export const CreditReportPage = () => <PageTitle testId="page-credit-report" title="Credit Report" />;
