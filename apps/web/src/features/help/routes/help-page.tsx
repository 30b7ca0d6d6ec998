import { PageTitle } from '../../../components/page-title';

/** Support and Help — built by a later issue; until then only its title shows. */
export const HelpPage = () => <PageTitle testId="page-help" title="Support and Help" />;
