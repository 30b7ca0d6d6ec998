import fs from 'node:fs';
import path from 'node:path';
import { createSignedInUser, multipart } from './factories';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';
import { tinyZip } from './zip';

export const APK_TYPE = 'application/vnd.android.package-archive';

/** A test app with a signed-in superadmin and helpers for the app-update calls. */
export const appUpdatesTestApp = async (options: TestAppOptions = {}) => {
  const t = await createTestApp(options);
  const { headers } = await createSignedInUser(t, { role: 'superadmin' });
  return { t, headers, ...appUpdateCalls(t, headers) };
};

export type UploadOptions = {
  data?: Uint8Array;
  name?: string;
  type?: string;
  fields?: Record<string, string>;
};

export const appUpdateCalls = (t: TestApp, headers: Record<string, string>) => ({
  upload: async ({ data = tinyZip(), name = 'field.apk', type = APK_TYPE, fields }: UploadOptions = {}) => {
    const body = await multipart(
      fields ?? { version: '1.2.0', minVersion: '1.1.0', changelog: '["Faster sync"]', forceUpdate: 'true' },
      { apk: { data, name, type } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/app-update/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  },
  listFiles: async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/app-update/files', headers });
    return response.json().data as { name: string; size: number; modified: string }[];
  },
});

/** Every name in the APK folder, hidden temporary files included: a refusal must leave none. */
export const apkFolderEntries = (t: TestApp): string[] => {
  const folder = path.join(t.dataDir, 'apk');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};
