import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/session';

/**
 * The server's Content-Security-Policy is enforced by the browser, not by the unit tests: a screen
 * that needed an inline script, eval or a foreign origin would break only here. Chromium reports
 * each refusal on the console.
 */
const watchViolations = (page: Page) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  // A refusal the page's code catches (a library probing whether it may eval) logs nothing on the
  // console, but the document still reports it: listen there too.
  void page.exposeFunction('reportCspViolation', (where: string, directive: string, sample: string) => {
    violations.push(`${where}: ${directive} refused ${sample}`);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation?: (...args: string[]) => void })
        .reportCspViolation;
      report?.(location.pathname, event.effectiveDirective, event.sample || event.blockedURI);
    });
  });
  return violations;
};

const visit = async (page: Page, paths: readonly string[]) => {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
};

test.describe('the Content-Security-Policy', () => {
  test('is sent with the page and refuses inline script', async ({ page }) => {
    const violations = watchViolations(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // A script smuggled into the page (as an injection would) must not run.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });

  test('lets the public screens and the staff screens run without a single violation', async ({ page }) => {
    // Sixteen screens, each to network idle: a busy machine takes more than the default 30 s for them.
    test.setTimeout(115_000);
    const violations = watchViolations(page);
    await visit(page, ['/login', '/register', '/forgot-password']);
    await signInAs(page, 'superadmin');
    await visit(page, [
      '/admin/dashboard',
      '/admin/users',
      '/admin/loans',
      '/admin/loan-products',
      '/admin/holidays',
      '/admin/payments-due',
      '/admin/loans/agent-collections',
      '/admin/roles',
      '/admin/todos',
      '/admin/audit-logs',
      '/admin/send-notification',
      '/admin/messages',
      '/admin/message-templates',
    ]);
    expect(violations).toEqual([]);
  });

  test('lets the agent’s and the borrower’s screens run without a single violation', async ({ page }) => {
    const violations = watchViolations(page);
    await signInAs(page, 'agent', '/login');
    await visit(page, ['/agent-dashboard', '/agent/customers', '/agent/expenses', '/agent/notifications']);
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, 'user');
    await visit(page, ['/my-loans']);
    expect(violations).toEqual([]);
  });
});
