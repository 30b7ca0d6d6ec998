import { PageTitle } from '../../../components/page-title';

/** Settings — built by a later issue; until then only its title shows. */
export const SettingsPage = () => <PageTitle testId="page-settings" title="Settings" />;
