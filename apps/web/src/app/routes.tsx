import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AgentDashboardPage } from '../features/agents/routes/agent-dashboard-page';
import { AppUpdatesPage } from '../features/app-updates/routes/app-updates-page';
import { AuditLogsPage } from '../features/audit-logs/routes/audit-logs-page';
import { ForgotPasswordPage } from '../features/auth/routes/forgot-password-page';
import { LoginPage } from '../features/auth/routes/login-page';
import { RegisterPage } from '../features/auth/routes/register-page';
import { ResetPasswordPage } from '../features/auth/routes/reset-password-page';
import { BouncedEmisPage } from '../features/bounced-emis/routes/bounced-emis-page';
import { AgentCollectionsPage } from '../features/collections/routes/agent-collections-page';
import { AdminDashboardPage } from '../features/dashboard/routes/admin-dashboard-page';
import { emiPaymentSlots } from '../features/emis/components/loan-payment-slots';
import { PaymentsDuePage } from '../features/emis/routes/payments-due-page';
import { ExpensesPage } from '../features/expenses/routes/expenses-page';
import { HelpPage } from '../features/help/routes/help-page';
import { LoansPage } from '../features/loans/routes/loans-page';
import { MyLoansPage } from '../features/loans/routes/my-loans-page';
import { NotificationsPage } from '../features/notifications/routes/notifications-page';
import { SendNotificationPage } from '../features/notifications/routes/send-notification-page';
import { ProfilePage } from '../features/profile/routes/profile-page';
import { CreditReportPage } from '../features/reports/routes/credit-report-page';
import { RolesPage } from '../features/roles/routes/roles-page';
import { SettingsPage } from '../features/settings/routes/settings-page';
import { SupportMessageForm } from '../features/support/components/support-message-form';
import { SupportMessagesPage } from '../features/support/routes/support-messages-page';
import { TodosPage } from '../features/todos/routes/todos-page';
import { TokenManagementPage } from '../features/tokens/routes/token-management-page';
import { SoftwareUpdateBanner } from '../features/upgrades/components/software-update-banner';
import { UpgradeManagementPage } from '../features/upgrades/routes/upgrade-management-page';
import { UsersPage } from '../features/users/routes/users-page';
import { LegacyRedirect, PermittedScreen, PersonalScreen, RequireAuth, RoleHomeRedirect } from './guards';
import { ADMIN_ROLES, AGENT_ROLES, SUPERADMIN_ROLES } from './navigation';
import { RootLayout } from './root-layout';
import { AdminShell } from './shells/admin-shell';
import { AgentShell } from './shells/agent-shell';
import { TopNavLayout } from './shells/top-nav-layout';
import { UnauthorizedPage } from './unauthorized-page';

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

const superadminOnly = (element: ReactNode) => <RequireAuth roles={SUPERADMIN_ROLES}>{element}</RequireAuth>;

/** The /admin area's screens, relative to /admin (admin and superadmin; some superadmin only). */
const adminChildren: RouteObject[] = [
  {
    path: 'dashboard',
    // The software update banner belongs to the upgrades feature; the dashboard shows it under its title.
    element: <AdminDashboardPage banner={<SoftwareUpdateBanner />} />,
  },
  { path: 'users', element: <UsersPage /> },
  // Loan Details gets the EMI feature's payment actions here, so neither feature imports the other.
  { path: 'loans', element: <LoansPage paymentSlots={emiPaymentSlots} /> },
  { path: 'payments-due', element: <PaymentsDuePage /> },
  { path: 'expenses', element: <ExpensesPage /> },
  { path: 'todos', element: <TodosPage /> },
  { path: 'roles', element: superadminOnly(<RolesPage />) },
  { path: 'reports', element: <CreditReportPage /> },
  { path: 'support-messages', element: <SupportMessagesPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'support-help', element: <HelpPage messageForm={<SupportMessageForm />} /> },
  { path: 'send-notification', element: <SendNotificationPage /> },
  { path: 'loans/agent-collections', element: <AgentCollectionsPage /> },
  { path: 'agent-collections', element: <LegacyRedirect to="/admin/loans/agent-collections" /> },
  { path: 'upgrade-management', element: superadminOnly(<UpgradeManagementPage />) },
  { path: 'app-updates', element: superadminOnly(<AppUpdatesPage />) },
  { path: 'audit-logs', element: superadminOnly(<AuditLogsPage />) },
  { path: 'token-management', element: superadminOnly(<TokenManagementPage />) },
  { path: 'bounced-emis', element: superadminOnly(<BouncedEmisPage />) },
];

/** The whole route table */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Public screens.
      { path: '/login', element: <LoginPage /> },
      { path: '/admin/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/admin/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },

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
        element: (
          <RequireAuth roles={ADMIN_ROLES}>
            <AdminShell />
          </RequireAuth>
        ),
        children: adminChildren,
      },

      // Agent area.
      {
        path: '/agent-dashboard',
        element: (
          <RequireAuth roles={AGENT_ROLES}>
            <AgentShell />
          </RequireAuth>
        ),
        children: [{ index: true, element: <AgentDashboardPage /> }],
      },
      {
        path: '/agent',
        element: (
          <RequireAuth roles={AGENT_ROLES}>
            <AgentShell />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="/agent-dashboard" replace /> },
          // The agent's customers' loans (the server keeps GET /loans to the agent's book).
          { path: 'my-loans', element: <LoansPage paymentSlots={emiPaymentSlots} agentView /> },
          { path: 'expenses', element: <ExpensesPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'customers', element: <UsersPage /> },
        ],
      },

      // Any signed-in person, under the top navigation bar.
      {
        element: (
          <RequireAuth>
            <TopNavLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/help', element: <HelpPage messageForm={<SupportMessageForm />} /> },
          {
            path: '/reports',
            element: (
              <PermittedScreen path="reports" permission={['reports', 'read']}>
                <CreditReportPage />
              </PermittedScreen>
            ),
          },
          { path: '/my-loans', element: <MyLoansPage /> },
          { path: '/notifications', element: <NotificationsPage /> },
          {
            path: '/profile',
            element: (
              <PersonalScreen path="profile">
                <ProfilePage />
              </PersonalScreen>
            ),
          },
          {
            path: '/settings',
            element: (
              <PersonalScreen path="settings">
                <SettingsPage />
              </PersonalScreen>
            ),
          },
        ],
      },

      { path: '/', element: <Navigate to="/admin/login" replace /> },
      { path: '*', element: <Navigate to="/admin/login" replace /> },
    ],
  },
];
