import { PageTitle } from '../../../components/page-title';

/** Notifications — built by a later issue; until then only its title shows. */
export const NotificationsPage = () => <PageTitle testId="page-notifications" title="Notifications" />;
