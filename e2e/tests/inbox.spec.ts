import { expect, test } from '@playwright/test';
import { accounts } from '../support/accounts';
import { signInAs } from '../support/session';

test.describe('Notifications', () => {
  test('an admin sends a notification to an agent, who reads it in the agent area', async ({ browser }) => {
    test.setTimeout(90_000);
    const subject = `Collection drive ${Date.now()}`;

    const office = await browser.newContext();
    const admin = await office.newPage();
    await signInAs(admin, 'admin');
    await admin.goto('/admin/send-notification');
    await expect(admin.getByRole('heading', { level: 1, name: 'Send Notification' })).toBeVisible();
    await admin.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await admin
      .getByRole('textbox', { name: 'Description' })
      .fill('Visit every overdue customer before noon.');
    await admin.getByPlaceholder('Select users').click();
    await admin.getByRole('option', { name: `Ramesh Yadav (${accounts.agent.email})` }).click();
    // A multi-select stays open for more picks; Escape closes it, as a person would.
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Send Notification' }).click();
    await expect(admin.getByText('Notification sent!')).toBeVisible();
    await office.close();

    const field = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const agent = await field.newPage();
    await signInAs(agent, 'agent');
    await agent.goto('/agent/notifications');
    await expect(agent.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const card = agent.getByTestId(/^notification-\d+$/).filter({ hasText: subject });
    await expect(card).toContainText('Visit every overdue customer before noon.');
    await expect(agent.getByTestId('notifications-page-info')).toHaveText('Page 1 of 1');
    await field.close();
  });
});
