import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apkFolderEntries, appUpdateCalls, appUpdatesTestApp } from '../../../test/support/app-updates';
import { createSignedInUser } from '../../../test/support/factories';

let s: Awaited<ReturnType<typeof appUpdatesTestApp>>;
beforeAll(async () => {
  s = await appUpdatesTestApp();
  expect((await s.upload()).statusCode).toBe(200);
});
afterAll(async () => s.t.close());

const deleteFile = (encodedName: string, headers = s.headers) =>
  s.t.app.inject({ method: 'DELETE', url: `/api/admin/app-update/files/${encodedName}`, headers });

describe('who may manage app updates', () => {
  it.each(['admin', 'agent', 'user'])(
    'refuses %s every admin call (403) and changes nothing',
    async (role) => {
      const { headers } = await createSignedInUser(s.t, { role });
      const calls = appUpdateCalls(s.t, headers);
      const answers = [
        await s.t.app.inject({ method: 'GET', url: '/api/admin/app-update/config', headers }),
        await s.t.app.inject({ method: 'GET', url: '/api/admin/app-update/files', headers }),
        await s.t.app.inject({
          method: 'PUT',
          url: '/api/admin/app-update/config',
          headers,
          payload: { version: '9.0.0', minVersion: '9.0.0' },
        }),
        await calls.upload({ fields: { version: '9.9.9' } }),
        await deleteFile('app-v1.2.0.apk', headers),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403]);
      expect(apkFolderEntries(s.t)).toEqual(['app-v1.2.0.apk']);
    },
  );

  it('refuses anonymous admin calls (401) but answers the field app', async () => {
    const config = await s.t.app.inject({ method: 'GET', url: '/api/admin/app-update/config' });
    expect(config.statusCode).toBe(401);
    const poll = await s.t.app.inject({ method: 'GET', url: '/api/app-update/android' });
    expect(poll.statusCode).toBe(200);
    expect(poll.json().data.version).toBe('1.2.0');
  });
});

describe('DELETE /admin/app-update/files/{name}', () => {
  it.each([
    '..%2F',
    '..%2Fapk%2Fapp-v1.2.0.apk',
    '../x.apk',
    '..%2Fx.apk',
    '%2E%2E%2Fx.apk',
    'a%2Fb.apk',
    'a%5Cb.apk',
    '%252E%252E%252Fx.apk',
    '..',
    '.incoming-x',
    'app-v1.2.0.apk%00',
    'notes.txt',
  ])('refuses %s without touching any file', async (name) => {
    const response = await deleteFile(name);
    expect([400, 404]).toContain(response.statusCode);
    expect(apkFolderEntries(s.t)).toEqual(['app-v1.2.0.apk']);
  });

  it('answers 404 for an .apk name the store does not hold', async () => {
    const response = await deleteFile('app-v7.7.7.apk');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('FILE_NOT_FOUND');
  });

  it('deletes a stored APK, after which the field app is offered no download', async () => {
    const response = await deleteFile('app-v1.2.0.apk');
    expect(response.json()).toEqual({ success: true, message: 'File deleted successfully' });
    expect(await s.listFiles()).toEqual([]);
    const poll = await s.t.app.inject({ method: 'GET', url: '/api/app-update/android' });
    expect(poll.json().data).toMatchObject({ version: '1.2.0', downloadUrl: null });
    expect((await deleteFile('app-v1.2.0.apk')).statusCode).toBe(404);
  });
});
