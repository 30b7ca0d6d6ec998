import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session';

test.describe('Expenses and tasks', () => {
  test('an agent adds an expense and sees it in their own list', async ({ page }) => {
    const name = `Fuel e2e ${Date.now()}`;
    await signInAs(page, 'agent');
    await page.goto('/agent/expenses');
    await expect(page.getByRole('heading', { level: 1, name: 'Expense Management' })).toBeVisible();
    await expect(page.getByTestId('my-expenses-panel')).toBeVisible();

    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByRole('textbox', { name: 'Expense Name' }).fill(`  ${name} `);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Bike to the village');
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('250.50');
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await expect(page.getByText('Expense added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('expense-table').getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Bike to the village');
    await expect(row).toContainText('₹250.50');
    await expect(row).toContainText('Ramesh');
    await expect(row).toContainText(/\d{2}:\d{2}:\d{2} (AM|PM), \d{2}-[A-Z][a-z]{2}-\d{4}/);
    await expect(page.getByTestId('expenses-showing')).toContainText(/Showing 1 to \d+ of \d+ expenses/);
  });

  test('an admin adds a task and completes it', async ({ page }) => {
    const title = `Call the branch ${Date.now()}`;
    await signInAs(page, 'admin');
    await page.goto('/admin/todos');
    await expect(page.getByRole('heading', { level: 1, name: 'Task Management' })).toBeVisible();

    await page.getByRole('textbox', { name: 'New Task' }).fill(title);
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByText('Task added successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();

    await page.getByRole('checkbox', { name: `Mark ${title} as completed` }).click();
    await expect(page.getByText('Task status updated successfully')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `Mark ${title} as pending` })).toBeChecked();
    // A completed task can no longer be edited.
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeHidden();
    await expect(page.getByTestId('todo-card-Completion Rate')).toContainText('%');
  });
});
