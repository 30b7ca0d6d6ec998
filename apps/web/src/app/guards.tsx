import {
  type Action,
  hasAnyRole,
  hasPermission,
  hasRole,
  homePathFor,
  isAdminRole,
  type Resource,
} from '@lending/domain';
import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { useCurrentUser } from '../lib/session';
import { ADMIN_ROLES } from './navigation';

type TRequireAuthProps = { roles?: readonly string[]; children?: ReactNode };

/**
 * Route guard: a loading indicator while the current user loads; no user → /admin/login;
 * a role outside `roles` → /unauthorized. Roles compare ignoring case and spaces; superadmin passes.
 */
export const RequireAuth = ({ roles, children }: TRequireAuthProps) => {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  // The session's answer arrives as an urgent update; the area behind it then mounts as a deferred
  // one, in slices, instead of in one long task that freezes a slow phone.
  const loading = useDeferredValue(isLoading, true);
  if (isLoading || loading) return <FullPageLoader />;
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
 * A personal screen (profile, settings) at its top-level path: borrowers and custom roles see it
 * here under the top bar, since the admin and agent areas refuse them; agents and staff go to their
 * own area's copy.
 */
export const PersonalScreen = ({ path, children }: { path: string; children: ReactNode }) => {
  const { user } = useCurrentUser();
  const { search, hash } = useLocation();
  const area = hasRole(user, 'agent') ? '/agent' : isAdminRole(user) ? '/admin' : null;
  if (area === null) return children;
  return <Navigate to={`${area}/${path}${search}${hash}`} replace />;
};

type TPermittedScreenProps = { path: string; permission: readonly [Resource, Action]; children: ReactNode };

/**
 * A screen a permission opens (the credit report) at its top-level path: admins go to their area's
 * copy; anyone else holding the permission (a custom role) sees it here under the top bar, since the
 * admin area refuses them; without it, /unauthorized.
 */
export const PermittedScreen = ({ path, permission, children }: TPermittedScreenProps) => {
  const { user } = useCurrentUser();
  const { search, hash } = useLocation();
  if (hasAnyRole(user, ADMIN_ROLES)) return <Navigate to={`/admin/${path}${search}${hash}`} replace />;
  if (!hasPermission(user, permission[0], permission[1])) return <Navigate to="/unauthorized" replace />;
  return children;
};
