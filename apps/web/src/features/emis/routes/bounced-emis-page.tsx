import { PageTitle } from '../../../components/page-title';

/** Bounced EMIs Management — built by a later issue; until then only its title shows. */
export const BouncedEmisPage = () => <PageTitle testId="page-bounced-emis" title="Bounced EMIs Management" />;
