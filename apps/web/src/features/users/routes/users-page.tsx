import { hasAnyRole, hasRole } from '@lending/domain';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { AdminUsers } from '../components/admin-users';
import { AgentCustomers } from '../components/agent-customers';

export const NO_ACCESS_MESSAGE = 'You do not have permission to access this page';

/** Anyone else is told so and sent to /dashboard (the route guards normally stop them first). */
const NoAccess = () => {
  useEffect(() => {
    notifications.show({ color: 'red', message: NO_ACCESS_MESSAGE });
  }, []);
  return <Navigate to="/dashboard" replace />;
};

/** Users Management (admins, superadmins) or My Customers (agents). */
export const UsersPage = () => {
  const { user } = useCurrentUser();
  if (user === null) return <Navigate to="/login" replace />;
  if (hasRole(user, 'agent')) return <AgentCustomers />;
  if (hasAnyRole(user, ['admin'])) return <AdminUsers />;
  return <NoAccess />;
};
