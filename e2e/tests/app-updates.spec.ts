import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session';
import { smallZip } from '../support/zip';

test.describe('App Update Management', () => {
  test('the superadmin uploads an APK, sees it listed, and the field app is offered it', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'superadmin');
    await page.goto('/admin/app-updates');
    await expect(page.getByRole('heading', { level: 1, name: 'App Update Management' })).toBeVisible();
    await expect(page.getByTestId('apk-current-version')).toContainText('1.0.0');

    await page.locator('input[type="file"][name="apk"]').setInputFiles({
      name: 'field-app.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: smallZip(),
    });
    const version = page.getByRole('textbox', { name: 'Version', exact: true });
    await version.fill('1.0.1');
    await page.getByRole('textbox', { name: 'Changelog' }).fill('First release from the end-to-end test');
    await page.getByRole('button', { name: 'Upload APK' }).click();

    await expect(page.getByText('APK uploaded and version updated successfully')).toBeVisible();
    await expect(page.getByTestId('apk-file-app-v1.0.1.apk')).toBeVisible();
    await expect(page.getByTestId('apk-current-version')).toContainText('1.0.1');

    const poll = await request.get('/api/app-update/android');
    expect((await poll.json()).data).toMatchObject({
      version: '1.0.1',
      changelog: ['First release from the end-to-end test'],
    });
    const download = await request.get('/api/app-update/android/download');
    expect(download.headers()['content-type']).toBe('application/vnd.android.package-archive');
    expect(Buffer.compare(await download.body(), smallZip())).toBe(0);
  });
});
