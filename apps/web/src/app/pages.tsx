import type { ReactNode } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * Every screen of the route table, loaded with its route. A visitor of the sign-in page downloads
 * the sign-in code and nothing of the screens behind it; each screen's code (and the libraries only
 * it uses, such as the charts) arrives the first time someone opens it. The router waits for the
 * code before it leaves the current screen, so a page never flashes half-loaded.
 */
export type TLazyScreen = LazyRouteFunction<RouteObject>;

const screen =
  <M,>(load: () => Promise<M>, render: (module: M) => ReactNode): TLazyScreen =>
  async () => ({ element: render(await load()) });

/** The same screen wrapped by a guard decided in the route table (superadmin only, a personal screen). */
export const guarded =
  (load: TLazyScreen, guard: (page: ReactNode) => ReactNode): TLazyScreen =>
  async () => {
    const route = await load();
    return { ...route, element: guard(route.element) };
  };

const loansPage = (agentView: boolean) =>
  screen(
    () =>
      Promise.all([
        import('../features/loans/routes/loans-page'),
        import('../features/emis/components/loan-payment-slots'),
        import('../features/classification/components/loan-class-section'),
        import('../features/messages/components/loan-messages'),
      ]),
    // Loan Details gets the EMI feature's payment actions, the loan's class and its messages here, so
    // no feature imports another. The message log is the office's: agents get no Messages section.
    ([loans, emis, classification, messages]) => (
      <loans.LoansPage
        paymentSlots={emis.emiPaymentSlots}
        renderLoanClass={(loan) => <classification.LoanClassSection loanId={loan.id} />}
        renderLoanMessages={agentView ? undefined : (loan) => <messages.LoanMessages loanId={loan.id} />}
        agentView={agentView}
      />
    ),
  );

const helpPage = screen(
  () =>
    Promise.all([
      import('../features/help/routes/help-page'),
      import('../features/support/components/support-message-form'),
    ]),
  ([help, support]) => <help.HelpPage messageForm={<support.SupportMessageForm />} />,
);

export const pages = {
  login: screen(
    () => import('../features/auth/routes/login-page'),
    (m) => <m.LoginPage />,
  ),
  register: screen(
    () => import('../features/auth/routes/register-page'),
    (m) => <m.RegisterPage />,
  ),
  forgotPassword: screen(
    () => import('../features/auth/routes/forgot-password-page'),
    (m) => <m.ForgotPasswordPage />,
  ),
  resetPassword: screen(
    () => import('../features/auth/routes/reset-password-page'),
    (m) => <m.ResetPasswordPage />,
  ),
  unauthorized: screen(
    () => import('./unauthorized-page'),
    (m) => <m.UnauthorizedPage />,
  ),
  adminDashboard: screen(
    () =>
      Promise.all([
        import('../features/dashboard/routes/admin-dashboard-page'),
        import('../features/upgrades/components/software-update-banner'),
        import('../features/classification/components/npa-share-card'),
        import('../features/holidays/components/holiday-today-banner'),
        import('../features/messages/components/message-channels-status'),
      ]),
    // The software update banner belongs to the upgrades feature, the NPA card to the classification,
    // today's holiday to the holidays, the message channels to the messages; the dashboard shows them
    // among its own.
    ([dashboard, upgrades, classification, holidays, messages]) => (
      <dashboard.AdminDashboardPage
        banner={
          <>
            <holidays.HolidayTodayBanner />
            <upgrades.SoftwareUpdateBanner />
          </>
        }
        npaCard={<classification.NpaShareCard />}
        systemStatusParts={<messages.MessageChannelsStatus />}
      />
    ),
  ),
  expectedInterest: screen(
    () => import('../features/dashboard/routes/expected-interest-page'),
    (m) => <m.ExpectedInterestPage />,
  ),
  agentDashboard: screen(
    () =>
      Promise.all([
        import('../features/agents/routes/agent-dashboard-page'),
        import('../features/holidays/components/holiday-today-banner'),
      ]),
    // Today's holiday belongs to the holidays feature; the agent's dashboard shows it at the top.
    ([agents, holidays]) => <agents.AgentDashboardPage banner={<holidays.HolidayTodayBanner />} />,
  ),
  users: screen(
    () => import('../features/users/routes/users-page'),
    (m) => <m.UsersPage />,
  ),
  loans: loansPage(false),
  agentLoans: loansPage(true),
  myLoans: screen(
    () =>
      Promise.all([
        import('../features/loans/routes/my-loans-page'),
        import('../features/messages/components/loan-upi-pay'),
      ]),
    // Paying by UPI is the messages feature's (the same link its reminders carry).
    ([loans, messages]) => (
      <loans.MyLoansPage
        renderLoanPay={(loan) => <messages.LoanUpiPay loanId={loan.id} loanCode={loan.loan_code} />}
      />
    ),
  ),
  loanProducts: screen(
    () => import('../features/products/routes/loan-products-page'),
    (m) => <m.LoanProductsPage />,
  ),
  holidays: screen(
    () => import('../features/holidays/routes/holidays-page'),
    (m) => <m.HolidaysPage />,
  ),
  paymentsDue: screen(
    () => import('../features/emis/routes/payments-due-page'),
    (m) => <m.PaymentsDuePage />,
  ),
  expenses: screen(
    () => import('../features/expenses/routes/expenses-page'),
    (m) => <m.ExpensesPage />,
  ),
  todos: screen(
    () => import('../features/todos/routes/todos-page'),
    (m) => <m.TodosPage />,
  ),
  roles: screen(
    () => import('../features/roles/routes/roles-page'),
    (m) => <m.RolesPage />,
  ),
  creditReport: screen(
    () => import('../features/reports/routes/credit-report-page'),
    (m) => <m.CreditReportPage />,
  ),
  agentCollections: screen(
    () => import('../features/collections/routes/agent-collections-page'),
    (m) => <m.AgentCollectionsPage />,
  ),
  portfolio: screen(
    () => import('../features/portfolio/routes/portfolio-page'),
    (m) => <m.PortfolioPage />,
  ),
  classification: screen(
    () => import('../features/classification/routes/register-page'),
    (m) => <m.RegisterPage />,
  ),
  cash: screen(
    () => import('../features/cash/routes/cash-page'),
    (m) => <m.CashPage />,
  ),
  dayCloses: screen(
    () => import('../features/cash/routes/day-closes-page'),
    (m) => <m.DayClosesPage />,
  ),
  supportMessages: screen(
    () => import('../features/support/routes/support-messages-page'),
    (m) => <m.SupportMessagesPage />,
  ),
  help: helpPage,
  profile: screen(
    () =>
      Promise.all([
        import('../features/profile/routes/profile-page'),
        import('../features/messages/components/message-preferences-form'),
      ]),
    // A borrower's message preferences are the messages feature's; the profile shows them to borrowers.
    ([profile, messages]) => <profile.ProfilePage messagePreferences={<messages.MessagePreferencesForm />} />,
  ),
  settings: screen(
    () => import('../features/settings/routes/settings-page'),
    (m) => <m.SettingsPage />,
  ),
  notifications: screen(
    () => import('../features/notifications/routes/notifications-page'),
    (m) => <m.NotificationsPage />,
  ),
  sendNotification: screen(
    () => import('../features/notifications/routes/send-notification-page'),
    (m) => <m.SendNotificationPage />,
  ),
  upgradeManagement: screen(
    () => import('../features/upgrades/routes/upgrade-management-page'),
    (m) => <m.UpgradeManagementPage />,
  ),
  appUpdates: screen(
    () => import('../features/app-updates/routes/app-updates-page'),
    (m) => <m.AppUpdatesPage />,
  ),
  auditLogs: screen(
    () => import('../features/audit-logs/routes/audit-logs-page'),
    (m) => <m.AuditLogsPage />,
  ),
  tokenManagement: screen(
    () => import('../features/tokens/routes/token-management-page'),
    (m) => <m.TokenManagementPage />,
  ),
  jobs: screen(
    () =>
      Promise.all([
        import('../features/jobs/routes/jobs-page'),
        import('../features/classification/components/day-end-closes-section'),
      ]),
    // The day-end closes are the classification feature's; the Jobs screen shows them under its jobs.
    ([jobs, classification]) => <jobs.JobsPage dayEndCloses={<classification.DayEndClosesSection />} />,
  ),
  job: screen(
    () => import('../features/jobs/routes/job-page'),
    (m) => <m.JobPage />,
  ),
  imports: screen(
    () => import('../features/imports/routes/import-page'),
    (m) => <m.ImportPage />,
  ),
  importsToMatch: screen(
    () => import('../features/imports/routes/to-match-page'),
    (m) => <m.ToMatchPage />,
  ),
  messages: screen(
    () => import('../features/messages/routes/message-log-page'),
    (m) => <m.MessageLogPage />,
  ),
  messageTemplates: screen(
    () => import('../features/messages/routes/message-templates-page'),
    (m) => <m.MessageTemplatesPage />,
  ),
  bouncedEmis: screen(
    () => import('../features/bounced-emis/routes/bounced-emis-page'),
    (m) => <m.BouncedEmisPage />,
  ),
} satisfies Record<string, TLazyScreen>;

/**
 * The signed-in areas' frames, loaded with the first screen inside them. The confirm dialogs'
 * provider comes with them: only signed-in screens ask for confirmation, and it carries Mantine's
 * modal machinery (focus trap, scroll lock), which the public screens would otherwise download.
 */
const framed = (load: () => Promise<ReactNode>) => async () => {
  const [frame, { ModalsProvider }] = await Promise.all([load(), import('@mantine/modals')]);
  return <ModalsProvider>{frame}</ModalsProvider>;
};

export const shells = {
  admin: framed(() => import('./shells/admin-shell').then((m) => <m.AdminShell />)),
  agent: framed(() => import('./shells/agent-shell').then((m) => <m.AgentShell />)),
  topNav: framed(() => import('./shells/top-nav-layout').then((m) => <m.TopNavLayout />)),
};
