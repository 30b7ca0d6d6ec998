import { PageTitle } from '../../../components/page-title';

/** Upgrade Management — built by a later issue; until then only its title shows. */
export const UpgradeManagementPage = () => (
  <PageTitle testId="page-upgrade-management" title="Upgrade Management" />
);
