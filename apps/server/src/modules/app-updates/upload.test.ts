import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { apkFolderEntries, appUpdatesTestApp } from '../../../test/support/app-updates';
import { tinyZip } from '../../../test/support/zip';
import { auditLogs } from '../../db/schema';

type Setup = Awaited<ReturnType<typeof appUpdatesTestApp>>;
let setup: Setup | undefined;
afterEach(async () => {
  await setup?.t.close();
  setup = undefined;
});
const start = async (options?: Parameters<typeof appUpdatesTestApp>[0]) => {
  setup = await appUpdatesTestApp(options);
  return setup;
};

const auditActions = async (s: Setup) =>
  (
    await s.t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, 'app_update'), eq(auditLogs.resourceId, 'android')))
  ).map((row) => row.action);

describe('APK upload', () => {
  it('stores a ZIP-signed .apk under its version, lists it, sets the config and audits it', async () => {
    const s = await start();
    const zip = tinyZip();
    const response = await s.upload({ data: zip });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.android).toMatchObject({
      version: '1.2.0',
      minVersion: '1.1.0',
      changelog: ['Faster sync'],
      forceUpdate: true,
      fileSize: zip.length,
    });
    expect(await s.listFiles()).toEqual([
      { name: 'app-v1.2.0.apk', size: zip.length, modified: expect.any(String) },
    ]);
    expect(apkFolderEntries(s.t)).toEqual(['app-v1.2.0.apk']);
    expect(await auditActions(s)).toEqual(['apk_uploaded']);
  });

  it('takes the APK type under any name, and a .apk name with a generic type', async () => {
    const s = await start();
    expect((await s.upload({ name: 'build-output' })).statusCode).toBe(200);
    expect((await s.upload({ type: 'application/octet-stream' })).statusCode).toBe(200);
  });

  it("takes an APK past the documents' 2 MB and the 1 MB JSON body limits", async () => {
    const s = await start();
    const large = Buffer.concat([tinyZip(), Buffer.alloc(3 * 1024 * 1024, 1)]);
    const response = await s.upload({ data: large });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.android.fileSize).toBe(large.length);
  });

  it('refuses a text file named .apk (415) and leaves nothing in storage', async () => {
    const s = await start();
    const response = await s.upload({ data: Buffer.from('not really an app\n'.repeat(100)) });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Please select a valid APK file',
    });
    expect(apkFolderEntries(s.t)).toEqual([]);
    expect(await s.listFiles()).toEqual([]);
  });

  it('refuses a ZIP neither named .apk nor typed as one, and an empty file', async () => {
    const s = await start();
    expect((await s.upload({ name: 'backup.zip', type: 'application/zip' })).statusCode).toBe(415);
    expect((await s.upload({ data: new Uint8Array(0), name: 'empty.apk' })).statusCode).toBe(415);
    expect(apkFolderEntries(s.t)).toEqual([]);
  });

  it('refuses a file over APK_MAX_MB with 413 and removes the partial file', async () => {
    const s = await start({ apkMaxBytes: 1024 });
    const big = Buffer.concat([tinyZip(), Buffer.alloc(64 * 1024, 7)]);
    const response = await s.upload({ data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('FILE_TOO_LARGE');
    expect(apkFolderEntries(s.t)).toEqual([]);
    expect(await auditActions(s)).toEqual([]);
  });

  it.each([
    [{ minVersion: '1.0.0' }, 'Please select a file and enter version'],
    [{ version: '1.2', minVersion: '1.0.0' }, 'Version must look like 1.2.3'],
    [{ version: '1.2.0', minVersion: '1.3.0' }, 'Minimum version cannot be above the version'],
    [{ version: '1.2.0', changelog: 'not json' }, 'changelog must be a JSON list of lines'],
  ])('refuses fields %o with 400 and removes the file', async (fields, message) => {
    const s = await start();
    const response = await s.upload({ fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(apkFolderEntries(s.t)).toEqual([]);
  });

  it('refuses an APK cut short (400) and removes what was written', async () => {
    const s = await start();
    const response = await s.t.app.inject({
      method: 'POST',
      url: '/api/admin/app-update/upload',
      headers: { ...s.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([
        Buffer.from('--x\r\nContent-Disposition: form-data; name="apk"; filename="a.apk"\r\n\r\n'),
        tinyZip(),
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(apkFolderEntries(s.t)).toEqual([]);
  });

  it('refuses an upload without a file', async () => {
    const s = await start();
    const response = await s.t.app.inject({
      method: 'POST',
      url: '/api/admin/app-update/upload',
      headers: { ...s.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="version"\r\n\r\n1.0.0\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FILE_REQUIRED',
      message: 'Please select a file and enter version',
    });
  });
});

describe('the field app', () => {
  it('polls the defaults, then the latest config with its download URL, and downloads the APK', async () => {
    const s = await start();
    const before = await s.t.app.inject({ method: 'GET', url: '/api/app-update/android' });
    expect(before.json().data).toMatchObject({
      version: '1.0.0',
      minVersion: '1.0.0',
      forceUpdate: false,
      downloadUrl: null,
    });
    expect(
      (await s.t.app.inject({ method: 'GET', url: '/api/app-update/android/download' })).statusCode,
    ).toBe(404);

    const zip = tinyZip();
    await s.upload({ data: zip });
    const poll = await s.t.app.inject({ method: 'GET', url: '/api/app-update/android' });
    expect(poll.json().data).toMatchObject({
      version: '1.2.0',
      minVersion: '1.1.0',
      forceUpdate: true,
      downloadUrl: 'http://127.0.0.1:3000/api/app-update/android/download',
    });
    const download = await s.t.app.inject({ method: 'GET', url: '/api/app-update/android/download' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(download.headers['content-disposition']).toBe('attachment; filename="app-v1.2.0.apk"');
    expect(Buffer.compare(download.rawPayload, zip)).toBe(0);
  });

  it('sees Update Version Only at once; the APK stays', async () => {
    const s = await start();
    await s.upload();
    const put = await s.t.app.inject({
      method: 'PUT',
      url: '/api/admin/app-update/config',
      headers: s.headers,
      payload: {
        platform: 'android',
        version: '1.3.0',
        minVersion: '1.2.0',
        changelog: ['Fix'],
        forceUpdate: false,
      },
    });
    expect(put.statusCode).toBe(200);
    const poll = await s.t.app.inject({ method: 'GET', url: '/api/app-update/android' });
    expect(poll.json().data).toMatchObject({
      version: '1.3.0',
      minVersion: '1.2.0',
      changelog: ['Fix'],
      forceUpdate: false,
    });
    expect(poll.json().data.downloadUrl).not.toBeNull();
    expect(await auditActions(s)).toEqual(['apk_uploaded', 'app_version_updated']);
  });

  it('refuses a config whose minimum is above its version', async () => {
    const s = await start();
    const put = await s.t.app.inject({
      method: 'PUT',
      url: '/api/admin/app-update/config',
      headers: s.headers,
      payload: { version: '1.0.0', minVersion: '2.0.0' },
    });
    expect(put.statusCode).toBe(400);
    expect(await auditActions(s)).toEqual([]);
  });
});
