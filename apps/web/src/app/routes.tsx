import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { LegacyRedirect, PermittedScreen, PersonalScreen, RequireAuth, RoleHomeRedirect } from './guards';
import { ADMIN_ROLES, AGENT_ROLES, SUPERADMIN_ROLES } from './navigation';
import { guarded, pages, shells, type TLazyScreen } from './pages';
import { RootLayout } from './root-layout';

/**
 * Old top-level paths that now live under /admin. /profile and /settings are the
 * same for staff, but are personal screens for borrowers (see PersonalScreen).
 */
export const LEGACY_PATHS = [
  'users',
  'loans',
  'expenses',
  'todos',
  'roles',
  'support-messages',
  'support-help',
  'send-notification',
  'loans/agent-collections',
  'agent-collections',
] as const;

const superadminOnly = (load: TLazyScreen) =>
  guarded(load, (page) => <RequireAuth roles={SUPERADMIN_ROLES}>{page}</RequireAuth>);

/** A signed-in area: its guard, then its frame (loaded with the first screen inside it). */
const area =
  (load: () => Promise<ReactNode>, roles?: readonly string[]): TLazyScreen =>
  async () => ({
    element: <RequireAuth roles={roles}>{await load()}</RequireAuth>,
  });

/** The /admin area's screens, relative to /admin (admin and superadmin; some superadmin only). */
const adminChildren: RouteObject[] = [
  { path: 'dashboard', lazy: pages.adminDashboard },
  { path: 'users', lazy: pages.users },
  { path: 'loans', lazy: pages.loans },
  { path: 'loan-products', lazy: pages.loanProducts },
  { path: 'holidays', lazy: pages.holidays },
  { path: 'payments-due', lazy: pages.paymentsDue },
  { path: 'expected-interest', lazy: pages.expectedInterest },
  { path: 'expenses', lazy: pages.expenses },
  { path: 'todos', lazy: pages.todos },
  { path: 'roles', lazy: superadminOnly(pages.roles) },
  { path: 'reports', lazy: pages.creditReport },
  { path: 'support-messages', lazy: pages.supportMessages },
  { path: 'profile', lazy: pages.profile },
  { path: 'settings', lazy: pages.settings },
  { path: 'support-help', lazy: pages.help },
  { path: 'send-notification', lazy: pages.sendNotification },
  { path: 'loans/agent-collections', lazy: pages.agentCollections },
  { path: 'portfolio', lazy: pages.portfolio },
  { path: 'classification', lazy: pages.classification },
  { path: 'cash', lazy: pages.cash },
  { path: 'cash/day-closes', lazy: pages.dayCloses },
  { path: 'import', lazy: pages.imports },
  { path: 'import/to-match', lazy: pages.importsToMatch },
  { path: 'import/:id', lazy: pages.imports },
  { path: 'messages', lazy: pages.messages },
  { path: 'message-templates', lazy: pages.messageTemplates },
  { path: 'agent-collections', element: <LegacyRedirect to="/admin/loans/agent-collections" /> },
  { path: 'upgrade-management', lazy: superadminOnly(pages.upgradeManagement) },
  { path: 'app-updates', lazy: superadminOnly(pages.appUpdates) },
  { path: 'audit-logs', lazy: superadminOnly(pages.auditLogs) },
  { path: 'token-management', lazy: superadminOnly(pages.tokenManagement) },
  { path: 'bounced-emis', lazy: superadminOnly(pages.bouncedEmis) },
  { path: 'jobs', lazy: superadminOnly(pages.jobs) },
  { path: 'jobs/:id', lazy: superadminOnly(pages.job) },
];

/** The whole route table */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while the first screen's code loads.
    HydrateFallback: FullPageLoader,
    children: [
      // Public screens.
      { path: '/login', lazy: pages.login },
      { path: '/admin/login', lazy: pages.login },
      { path: '/register', lazy: pages.register },
      { path: '/admin/register', lazy: pages.register },
      { path: '/forgot-password', lazy: pages.forgotPassword },
      { path: '/reset-password', lazy: pages.resetPassword },
      { path: '/unauthorized', lazy: pages.unauthorized },

      // Any signed-in person: landing by role.
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <RoleHomeRedirect />
          </RequireAuth>
        ),
      },
      // Exactly /admin (listed before the admin area so that it wins the tie).
      {
        path: '/admin',
        element: (
          <RequireAuth>
            <RoleHomeRedirect />
          </RequireAuth>
        ),
      },

      // Legacy paths → /admin/…
      ...LEGACY_PATHS.map((path) => ({
        path: `/${path}`,
        element: <LegacyRedirect to={`/admin/${path}`} />,
      })),

      // Admin area.
      {
        path: '/admin',
        lazy: area(shells.admin, ADMIN_ROLES),
        children: adminChildren,
      },

      // Agent area.
      {
        path: '/agent-dashboard',
        lazy: area(shells.agent, AGENT_ROLES),
        children: [{ index: true, lazy: pages.agentDashboard }],
      },
      {
        path: '/agent',
        lazy: area(shells.agent, AGENT_ROLES),
        children: [
          { index: true, element: <Navigate to="/agent-dashboard" replace /> },
          // The agent's customers' loans (the server keeps GET /loans to the agent's book).
          { path: 'my-loans', lazy: pages.agentLoans },
          { path: 'expenses', lazy: pages.expenses },
          { path: 'notifications', lazy: pages.notifications },
          { path: 'profile', lazy: pages.profile },
          { path: 'settings', lazy: pages.settings },
          { path: 'customers', lazy: pages.users },
        ],
      },

      // Any signed-in person, under the top navigation bar.
      {
        lazy: area(shells.topNav),
        children: [
          { path: '/help', lazy: pages.help },
          {
            path: '/reports',
            lazy: guarded(pages.creditReport, (page) => (
              <PermittedScreen path="reports" permission={['reports', 'read']}>
                {page}
              </PermittedScreen>
            )),
          },
          { path: '/my-loans', lazy: pages.myLoans },
          { path: '/notifications', lazy: pages.notifications },
          {
            path: '/profile',
            lazy: guarded(pages.profile, (page) => <PersonalScreen path="profile">{page}</PersonalScreen>),
          },
          {
            path: '/settings',
            lazy: guarded(pages.settings, (page) => <PersonalScreen path="settings">{page}</PersonalScreen>),
          },
        ],
      },

      { path: '/', element: <Navigate to="/admin/login" replace /> },
      { path: '*', element: <Navigate to="/admin/login" replace /> },
    ],
  },
];
