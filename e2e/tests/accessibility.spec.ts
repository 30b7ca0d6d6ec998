import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { AccountName } from '../support/accounts';
import { BUSINESS_DATE, createApprovedLoan } from '../support/loans';
import { signInAs } from '../support/session';

/**
 * axe-core over every screen of every role, on a desktop and on a 390 px phone in the light scheme,
 * and on the desktop in the dark scheme (the admin role's screens are the superadmin's, so the dark
 * pass leaves them to it), plus the loan dialogs opened over the loans list: any serious or critical
 * violation of WCAG 2.2 A/AA fails the run, and so does any finding of the page-structure rules
 * (landmarks and headings, which axe files as moderate best practice), with the rule, the screen and
 * the first elements it found. The theme's colours are also held to 4.5:1 by
 * apps/web/src/app/theme.test.ts, scheme by scheme.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Landmark and heading rules: a screen reader's map of the page, held at every impact. */
const STRUCTURE_RULES = new Set([
  'landmark-one-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-contentinfo',
  'landmark-unique',
  'landmark-banner-is-top-level',
  'landmark-main-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-contentinfo-is-top-level',
  'region',
  'heading-order',
  'page-has-heading-one',
]);

const isWcag = (tags: readonly string[]) => tags.some((tag) => WCAG_TAGS.includes(tag));

const PUBLIC_SCREENS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=expired',
  '/unauthorized',
];

const ADMIN_SCREENS = [
  '/admin/dashboard',
  '/admin/users',
  '/admin/loans',
  '/admin/loan-products',
  '/admin/holidays',
  '/admin/payments-due',
  '/admin/expected-interest',
  '/admin/expenses',
  '/admin/todos',
  '/admin/reports',
  '/admin/support-messages',
  '/admin/profile',
  '/admin/settings',
  '/admin/support-help',
  '/admin/send-notification',
  '/admin/loans/agent-collections',
  '/admin/portfolio',
  '/admin/classification',
  '/admin/cash',
  '/admin/cash/day-closes',
  '/admin/import',
  '/admin/import/to-match',
  '/admin/messages',
  '/admin/message-templates',
];

const SUPERADMIN_SCREENS = [
  ...ADMIN_SCREENS,
  '/admin/roles',
  '/admin/upgrade-management',
  '/admin/app-updates',
  '/admin/audit-logs',
  '/admin/token-management',
  '/admin/bounced-emis',
  '/admin/jobs',
];

const AGENT_SCREENS = [
  '/agent-dashboard',
  '/agent/my-loans',
  '/agent/customers',
  '/agent/expenses',
  '/agent/notifications',
  '/agent/profile',
  '/agent/settings',
  '/help',
];

const BORROWER_SCREENS = ['/my-loans', '/notifications', '/profile', '/settings', '/help'];

type TFinding = { screen: string; rule: string; impact: string; nodes: number; first: string };

/** The page once its data has arrived: no request in flight and no loader left on screen. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
};

/** What axe finds on the page as it stands that this suite fails on. */
const auditPage = async (page: Page, screen: string): Promise<TFinding[]> => {
  const { violations } = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']).analyze();
  return violations
    .filter(
      (violation) =>
        STRUCTURE_RULES.has(violation.id) ||
        (isWcag(violation.tags) && (violation.impact === 'serious' || violation.impact === 'critical')),
    )
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      nodes: violation.nodes.length,
      first: violation.nodes
        .slice(0, 3)
        .map(
          (node) =>
            `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n')[1]?.trim()})` : ''}`,
        )
        .join(' | '),
    }));
};

const auditScreens = async (page: Page, screens: readonly string[]): Promise<TFinding[]> => {
  const findings: TFinding[] = [];
  for (const screen of screens) {
    await page.goto(screen);
    await settle(page);
    findings.push(...(await auditPage(page, screen)));
  }
  return findings;
};

const ROLES: { who: AccountName | null; screens: readonly string[]; signIn?: string }[] = [
  { who: null, screens: PUBLIC_SCREENS },
  { who: 'superadmin', screens: SUPERADMIN_SCREENS },
  { who: 'admin', screens: ADMIN_SCREENS },
  { who: 'agent', screens: AGENT_SCREENS, signIn: '/login' },
  { who: 'user', screens: BORROWER_SCREENS, signIn: '/login' },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  let loanCode = '';
  test.beforeAll(async ({ browser }) => {
    // Lists with rows: a loan of the agent's customer, so tables, badges and figures are checked too.
    const page = await browser.newPage();
    await signInAs(page, 'superadmin');
    ({ loan_code: loanCode } = await createApprovedLoan(page, 'Kavita Jadhav', {
      startDate: BUSINESS_DATE,
      paymentMethod: 'Cash',
    }));
    await page.close();
  });

  for (const viewport of VIEWPORTS)
    test(`loan dialogs at ${viewport.width} px`, async ({ page }) => {
      // A dialog's header must not become a second banner of the page it opens over.
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, 'superadmin');
      await page.goto('/admin/loans');
      await settle(page);
      await page
        .getByRole('button', { name: `View loan details ${loanCode}` })
        .first()
        .click();
      const details = page.getByRole('dialog', { name: `Loan Details — ${loanCode}` });
      await expect(details.getByTestId('emi-row').first()).toBeVisible();
      await settle(page);
      const findings = await auditPage(page, 'Loan Details');
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
      await page.getByRole('button', { name: 'Add Loan' }).click();
      await expect(page.getByRole('dialog', { name: 'Create New Loan' })).toBeVisible();
      await settle(page);
      findings.push(...(await auditPage(page, 'Add Loan')));
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
    });

  const passes = [
    ...VIEWPORTS.flatMap((viewport) => ROLES.map((role) => ({ viewport, role, scheme: 'light' as const }))),
    ...ROLES.filter((role) => role.who !== 'admin').map((role) => ({
      viewport: VIEWPORTS[0],
      role,
      scheme: 'dark' as const,
    })),
  ];
  for (const { viewport, role, scheme } of passes)
    test(`${role.who ?? 'signed-out'} screens at ${viewport.width} px, ${scheme}`, async ({ page }) => {
      test.setTimeout(60_000 + role.screens.length * 8_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme: scheme });
      if (role.who) await signInAs(page, role.who, role.signIn);
      const findings = await auditScreens(page, role.screens);
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
    });
});
