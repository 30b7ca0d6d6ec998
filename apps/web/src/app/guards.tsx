import { hasAnyRole, hasRole, homePathFor } from '@lending/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { useCurrentUser } from '../lib/session';

type TRequireAuthProps = { roles?: readonly string[]; children?: ReactNode };

/**
 * Route guard: a loading indicator while the current user loads; no user → /admin/login;
 * a role outside `roles` → /unauthorized. Roles compare ignoring case and spaces; superadmin passes.
 */
export const RequireAuth = ({ roles, children }: TRequireAuthProps) => {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <FullPageLoader />;
  if (user === null) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  if (roles !== undefined && !hasAnyRole(user, roles)) return <Navigate to="/unauthorized" replace />;
  return children ?? <Outlet />;
};

/** /dashboard and /admin: agents to /agent-dashboard, everyone else to /admin/dashboard. */
export const RoleHomeRedirect = () => {
  const { user } = useCurrentUser();
  return <Navigate to={homePathFor(user)} replace />;
};

/** A legacy path: the same screen under /admin, keeping the query string. */
export const LegacyRedirect = ({ to }: { to: string }) => {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
};

/**
 * A personal screen (profile, settings) at its top-level path: borrowers see it here under the top
 * bar, since the admin and agent areas refuse them; agents and staff go to their own area's copy.
 */
export const PersonalScreen = ({ path, children }: { path: string; children: ReactNode }) => {
  const { user } = useCurrentUser();
  const { search, hash } = useLocation();
  if (hasRole(user, 'user')) return children;
  const area = hasRole(user, 'agent') ? '/agent' : '/admin';
  return <Navigate to={`${area}/${path}${search}${hash}`} replace />;
};
