import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/session';

/** The admin dashboard; its cards and panels are built by a later issue. */
export const AdminDashboardPage = () => {
  const { user } = useCurrentUser();
  const name = user === null ? '' : user.name === '' ? user.email : user.name;
  return <PageTitle testId="page-admin-dashboard" title="Dashboard" subtitle={`Welcome, ${name}`} />;
};
