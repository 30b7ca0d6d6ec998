import { hasAnyRole, hasPermission, hasRole, type TPublicUser } from '@lending/domain';

export type TNavItem = { label: string; to: string };

const ADMINS = ['admin', 'superadmin'] as const;
const SUPERADMIN = ['superadmin'] as const;

/** Roles of the /admin area and the superadmin-only screens. */
export const ADMIN_ROLES: readonly string[] = ADMINS;
export const SUPERADMIN_ROLES: readonly string[] = SUPERADMIN;
export const AGENT_ROLES: readonly string[] = ['agent'];

const canReadReports = (user: TPublicUser) => hasPermission(user, 'reports', 'read');
const isAdmin = (user: TPublicUser) => hasAnyRole(user, ADMINS);

/** Admin sidebar, paths under /admin. */
export const adminSidebarItems = (user: TPublicUser): TNavItem[] => {
  const superadmin = hasRole(user, 'superadmin');
  const items: (TNavItem | false)[] = [
    { label: 'Dashboard', to: '/admin/dashboard' },
    { label: 'Users', to: '/admin/users' },
    { label: 'Loans', to: '/admin/loans' },
    { label: 'Loan Products', to: '/admin/loan-products' },
    { label: 'Holidays', to: '/admin/holidays' },
    { label: 'Payments Due', to: '/admin/payments-due' },
    { label: 'Expenses', to: '/admin/expenses' },
    { label: 'Tasks', to: '/admin/todos' },
    superadmin && { label: 'Roles', to: '/admin/roles' },
    canReadReports(user) && { label: 'Credit Reports', to: '/admin/reports' },
    { label: 'Support Messages', to: '/admin/support-messages' },
    { label: 'Agent Collections', to: '/admin/loans/agent-collections' },
    { label: 'Portfolio', to: '/admin/portfolio' },
    { label: 'SMA/NPA register', to: '/admin/classification' },
    { label: 'Cash in Hand', to: '/admin/cash' },
    { label: 'Import', to: '/admin/import' },
    { label: 'Messages', to: '/admin/messages' },
    { label: 'Message Templates', to: '/admin/message-templates' },
    superadmin && { label: 'App Updates', to: '/admin/app-updates' },
    superadmin && { label: 'Audit Logs', to: '/admin/audit-logs' },
    superadmin && { label: 'Token Management', to: '/admin/token-management' },
    superadmin && { label: 'Bounced EMIs', to: '/admin/bounced-emis' },
    superadmin && { label: 'Jobs', to: '/admin/jobs' },
  ];
  return items.filter((item): item is TNavItem => item !== false);
};

/** Admin profile menu links; 'Sign Out' is added by the shell. */
export const adminProfileMenuItems = (user: TPublicUser): TNavItem[] => [
  ...(hasRole(user, 'superadmin') ? [{ label: 'Upgrade Management', to: '/admin/upgrade-management' }] : []),
  { label: 'My Profile', to: '/admin/profile' },
];

/**
 * Top navigation bar links for a signed-in person. Every link leads to a screen the role may use:
 * agents get their own area's variant (Loan → /agent/my-loans), and a link to a screen the role
 * may not open is not shown (Tasks live in the admin area only; Credit Reports follow reports:read).
 */
export const topNavLinks = (user: TPublicUser): TNavItem[] => {
  const agent = hasRole(user, 'agent');
  const items: (TNavItem | false)[] = [
    { label: 'Dashboard', to: '/dashboard' },
    isAdmin(user) && { label: 'Tasks', to: '/todos' },
    isAdmin(user) && { label: 'Send Notification', to: '/send-notification' },
    isAdmin(user) && { label: 'Loan', to: '/loans' },
    agent && { label: 'Loan', to: '/agent/my-loans' },
    hasRole(user, 'user') && { label: 'My Loans', to: '/my-loans' },
    isAdmin(user) && { label: 'Users', to: '/users' },
    // Staff roles holding reports:read (admins, and custom roles, who read it at /reports itself);
    // agents and borrowers have their own areas and no link here.
    !agent && !hasRole(user, 'user') && canReadReports(user) && { label: 'Credit Reports', to: '/reports' },
  ];
  return items.filter((item): item is TNavItem => item !== false);
};

/** Account dropdown links ('Logout' is added by the bar); as above, only screens the role may use. */
export const accountMenuLinks = (user: TPublicUser): TNavItem[] => {
  const items: (TNavItem | false)[] = [
    isAdmin(user) && { label: 'User Management', to: '/users' },
    hasRole(user, 'superadmin') && { label: 'Roles Management', to: '/roles' },
    isAdmin(user) && { label: 'Support Messages', to: '/support-messages' },
    { label: 'Profile Settings', to: '/profile' },
    isAdmin(user) && { label: 'Expense Manager', to: '/expenses' },
    hasRole(user, 'agent') && { label: 'Expense Manager', to: '/agent/expenses' },
  ];
  return items.filter((item): item is TNavItem => item !== false);
};

/** Agent shell links; 'Logout' is added by the shell. */
export const AGENT_NAV_ITEMS: readonly TNavItem[] = [
  { label: 'Dashboard', to: '/agent-dashboard' },
  { label: 'My Customers', to: '/agent/customers' },
  { label: 'My Loans', to: '/agent/my-loans' },
  { label: 'Expenses', to: '/agent/expenses' },
  { label: 'Notifications', to: '/agent/notifications' },
  { label: 'Profile', to: '/agent/profile' },
  { label: 'Settings', to: '/agent/settings' },
  { label: 'Help', to: '/help' },
];
