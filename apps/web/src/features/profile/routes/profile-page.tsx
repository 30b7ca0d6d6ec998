import { PageTitle } from '../../../components/page-title';

/** Profile Settings — built by a later issue; until then only its title shows. */
export const ProfilePage = () => <PageTitle testId="page-profile" title="Profile Settings" />;
