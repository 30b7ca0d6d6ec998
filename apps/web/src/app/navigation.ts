import { hasAnyRole, hasPermission, hasRole, type TPublicUser } from '@lending/domain';

export type TNavItem = { label: string; to: string };

const ADMINS = ['admin', 'superadmin'] as const;
const SUPERADMIN = ['superadmin'] as const;

/** Roles of the /admin area and the superadmin-only screens. */
export const ADMIN_ROLES: readonly string[] = ADMINS;
export const SUPERADMIN_ROLES: readonly string[] = SUPERADMIN;
export const AGENT_ROLES: readonly string[] = ['agent'];

const canReadReports = (user: TPublicUser) => hasPermission(user, 'reports', 'read');

/** Admin sidebar, paths under /admin. */
export const adminSidebarItems = (user: TPublicUser): TNavItem[] => {
  const superadmin = hasRole(user, 'superadmin');
  const items: (TNavItem | false)[] = [
    { label: 'Dashboard', to: '/admin/dashboard' },
    { label: 'Users', to: '/admin/users' },
    { label: 'Loans', to: '/admin/loans' },
    { label: 'Payments Due', to: '/admin/payments-due' },
    { label: 'Expenses', to: '/admin/expenses' },
    { label: 'Tasks', to: '/admin/todos' },
    superadmin && { label: 'Roles', to: '/admin/roles' },
    canReadReports(user) && { label: 'Credit Reports', to: '/admin/reports' },
    { label: 'Support Messages', to: '/admin/support-messages' },
    { label: 'Agent Collections', to: '/admin/loans/agent-collections' },
    superadmin && { label: 'App Updates', to: '/admin/app-updates' },
    superadmin && { label: 'Audit Logs', to: '/admin/audit-logs' },
    superadmin && { label: 'Token Management', to: '/admin/token-management' },
    superadmin && { label: 'Bounced EMIs', to: '/admin/bounced-emis' },
  ];
  return items.filter((item): item is TNavItem => item !== false);
};

/** Admin profile menu links; 'Sign Out' is added by the shell. */
export const adminProfileMenuItems = (user: TPublicUser): TNavItem[] => [
  ...(hasRole(user, 'superadmin') ? [{ label: 'Upgrade Management', to: '/admin/upgrade-management' }] : []),
  { label: 'My Profile', to: '/admin/profile' },
];

/** Top navigation bar links for a signed-in person. */
export const topNavLinks = (user: TPublicUser): TNavItem[] => {
  const items: (TNavItem | false)[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Tasks', to: '/todos' },
    hasAnyRole(user, ADMINS) && { label: 'Send Notification', to: '/send-notification' },
    hasAnyRole(user, ['admin', 'agent', 'superadmin']) && { label: 'Loan', to: '/loans' },
    hasRole(user, 'user') && { label: 'My Loans', to: '/my-loans' },
    hasAnyRole(user, ADMINS) && { label: 'Users', to: '/users' },
    canReadReports(user) && { label: 'Credit Reports', to: '/reports' },
  ];
  return items.filter((item): item is TNavItem => item !== false);
};

/** Account dropdown links; 'Logout' is added by the bar. */
export const accountMenuLinks = (user: TPublicUser): TNavItem[] => [
  ...(hasAnyRole(user, ADMINS)
    ? [
        { label: 'User Management', to: '/users' },
        { label: 'Roles Management', to: '/roles' },
        { label: 'Support Messages', to: '/support-messages' },
      ]
    : []),
  { label: 'Profile Settings', to: '/profile' },
  { label: 'Expense Manager', to: '/expenses' },
];

/** Agent shell links; 'Logout' is added by the shell. */
export const AGENT_NAV_ITEMS: readonly TNavItem[] = [
  { label: 'Dashboard', to: '/agent-dashboard' },
  { label: 'My Customers', to: '/agent/customers' },
  { label: 'Expenses', to: '/agent/expenses' },
  { label: 'Notifications', to: '/agent/notifications' },
  { label: 'Profile', to: '/agent/profile' },
  { label: 'Settings', to: '/agent/settings' },
  { label: 'Help', to: '/help' },
];
