import { hasRole } from '@lending/domain';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/session';

/** Users management (admins) or My Customers (agents); built by a later issue, title only for now. */
export const UsersPage = () => {
  const { user } = useCurrentUser();
  return hasRole(user, 'agent') ? (
    <PageTitle testId="page-users" title="My Customers" />
  ) : (
    <PageTitle testId="page-users" title="Users Management" />
  );
};
