import type { TAndroidUpdateConfig } from '@lending/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUploads } from '../../../test/fake-upload';
import { makeUser } from '../../../test/fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const android: TAndroidUpdateConfig = {
  version: '1.4.0',
  minVersion: '1.2.0',
  changelog: ['Faster sync', 'Receipts in Hindi'],
  forceUpdate: true,
  releaseDate: '2026-11-20T06:30:00.000Z',
  fileSize: 5 * 1024 * 1024,
};
const files = [{ name: 'app-v1.4.0.apk', size: 5 * 1024 * 1024, modified: '2026-11-20T06:30:00.000Z' }];

const renderPage = (api: Record<string, TMockReply | ((call: never) => TMockReply)> = {}) =>
  renderApp('/admin/app-updates', {
    user: makeUser('superadmin'),
    api: {
      'GET /admin/app-update/config': { body: { success: true, data: { android } } },
      'GET /admin/app-update/files': { body: { success: true, data: files } },
      ...api,
    },
  });

const apkInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"][name="apk"]');
  if (input === null) throw new Error('no APK input');
  return input;
};
const apk = (name = 'field.apk', type = 'application/vnd.android.package-archive') =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], name, { type });
const pick = (file: File) => fireEvent.change(apkInput(), { target: { files: [file] } });
const button = (name: string) => screen.getByRole('button', { name });

describe('App Update Management', { timeout: 30_000 }, () => {
  it('shows the current version read-only and the stored APKs', async () => {
    renderPage();
    const current = await screen.findByTestId('apk-current-version');
    await within(current).findByText('1.4.0');
    expect(current).toHaveTextContent('1.2.0');
    expect(current).toHaveTextContent('Yes');
    expect(current).toHaveTextContent('5.0 MB');
    expect(current).toHaveTextContent('Receipts in Hindi');
    const row = await screen.findByTestId('apk-file-app-v1.4.0.apk');
    expect(row).toHaveTextContent('5.0 MB');
    expect(row).toHaveTextContent('20-11-2026 12:00 PM');
  });

  it('says when the current version cannot be loaded', async () => {
    renderPage({ 'GET /admin/app-update/config': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to load current version')).toBeInTheDocument();
  });

  it('uploads with a progress bar, then says so and reloads the files', async () => {
    const uploads = stubUploads();
    const app = renderPage();
    await screen.findByTestId('apk-file-app-v1.4.0.apk');
    expect(button('Upload APK')).toBeDisabled();
    pick(apk());
    await app.events.clear(screen.getByLabelText(/^Version/));
    await app.events.type(screen.getByLabelText(/^Version/), '1.5.0');
    await app.events.type(screen.getByLabelText('Changelog'), 'Offline receipts{enter}{enter}Bug fixes');
    await app.events.click(screen.getByLabelText('Force Update'));
    await app.events.click(button('Upload APK'));

    const sent = uploads.sent();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/admin/app-update/upload');
    expect(sent.headers.Authorization).toBe('Bearer test-token');
    expect(sent.body?.get('version')).toBe('1.5.0');
    expect(sent.body?.get('minVersion')).toBe('1.0.0');
    expect(sent.body?.get('changelog')).toBe('["Offline receipts","Bug fixes"]');
    expect(sent.body?.get('forceUpdate')).toBe('true');
    expect(sent.body?.get('apk')).toMatchObject({ name: 'field.apk' });

    act(() => sent.progress(40, 100));
    expect(await screen.findByText('Uploading... 40%')).toBeInTheDocument();
    expect(screen.getByTestId('apk-upload-progress')).toBeInTheDocument();
    act(() => sent.progress(100, 100));
    expect(await screen.findByText('Uploading... 100%')).toBeInTheDocument();

    const filesBefore = app.calls.filter((call) => call.path === '/admin/app-update/files').length;
    act(() => sent.respond(200, { success: true, data: { android } }));
    expect(await screen.findByText('APK uploaded and version updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('apk-upload-progress')).toBeNull());
    await waitFor(() =>
      expect(app.calls.filter((call) => call.path === '/admin/app-update/files').length).toBeGreaterThan(
        filesBefore,
      ),
    );
  });

  it("shows the server's refusal, or why the upload failed", async () => {
    const uploads = stubUploads();
    const app = renderPage();
    await screen.findByTestId('apk-file-app-v1.4.0.apk');
    pick(apk());
    await app.events.click(button('Upload APK'));
    act(() =>
      uploads
        .sent()
        .respond(415, { code: 'FILE_TYPE_NOT_ALLOWED', message: 'Please select a valid APK file' }),
    );
    expect(await screen.findByText('Failed to upload APK')).toBeInTheDocument();
    expect(await screen.findByText('Please select a valid APK file')).toBeInTheDocument();

    pick(apk());
    await app.events.click(button('Upload APK'));
    act(() => uploads.sent().fail());
    expect(
      await screen.findByText('Upload failed: Network error. Please check your connection.'),
    ).toBeInTheDocument();
  });

  it('refuses a file that is not an APK before uploading', async () => {
    renderPage();
    await screen.findByTestId('apk-file-app-v1.4.0.apk');
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select a valid APK file')).toBeInTheDocument();
    expect(button('Upload APK')).toBeDisabled();
  });

  it('updates the version only, and disables it without a version', async () => {
    let body: unknown;
    const app = renderPage({
      'PUT /admin/app-update/config': ((call: { init: RequestInit }) => {
        body = JSON.parse(String(call.init.body));
        return { body: { success: true, data: { android } } };
      }) as never,
    });
    await screen.findByTestId('apk-file-app-v1.4.0.apk');
    const version = screen.getByLabelText(/^Version/);
    await app.events.clear(version);
    expect(button('Update Version Only')).toBeDisabled();
    await app.events.type(version, '2.0.0');
    await app.events.click(button('Update Version Only'));
    expect(await screen.findByText('Version updated successfully')).toBeInTheDocument();
    expect(body).toEqual({
      platform: 'android',
      version: '2.0.0',
      minVersion: '1.0.0',
      changelog: [],
      forceUpdate: false,
    });
  });

  it('says when the version update fails, and checks the numbers first', async () => {
    const app = renderPage({ 'PUT /admin/app-update/config': { status: 500, body: {} } });
    await screen.findByTestId('apk-file-app-v1.4.0.apk');
    const minimum = screen.getByLabelText('Minimum Version');
    await app.events.clear(minimum);
    await app.events.type(minimum, '3.0.0');
    await app.events.click(button('Update Version Only'));
    expect(await screen.findByText('Minimum version cannot be above the version')).toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'PUT')).toBe(false);
    await app.events.clear(minimum);
    await app.events.type(minimum, '1.0.0');
    await app.events.click(button('Update Version Only'));
    expect(await screen.findByText('Failed to update version')).toBeInTheDocument();
  });

  it('deletes a file after confirmation, and says when it fails', async () => {
    let failNext = false;
    const app = renderPage({
      'DELETE /admin/app-update/files/app-v1.4.0.apk': (() =>
        failNext
          ? { status: 500, body: {} }
          : { body: { success: true, message: 'File deleted successfully' } }) as never,
    });
    await app.events.click(await screen.findByRole('button', { name: 'Delete app-v1.4.0.apk' }));
    await app.events.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(app.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await app.events.click(screen.getByRole('button', { name: 'Delete app-v1.4.0.apk' }));
    expect(await screen.findByText(/Delete app-v1.4.0.apk\?/)).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();

    failNext = true;
    await app.events.click(screen.getByRole('button', { name: 'Delete app-v1.4.0.apk' }));
    await app.events.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete file')).toBeInTheDocument();
  });
});
