import { PageTitle } from '../../../components/page-title';

/** App Update Management — built by a later issue; until then only its title shows. */
export const AppUpdatesPage = () => <PageTitle testId="page-app-updates" title="App Update Management" />;
