import {
  APK_MIME_TYPE,
  appUpdateMessages,
  ZAndroidUpdateCheck,
  ZApkFilesResponse,
  ZAppUpdateConfigRequest,
  ZAppUpdateConfigResponse,
  ZAppUpdateDone,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { readApkUpload } from './apk-upload';
import { createAppUpdates, DOWNLOAD_PATH } from './service';

/** App Update Management is the superadmin's alone. */
const SUPERADMIN: Access = { roles: ['superadmin'] };

const tags = ['app-updates'];
const adminErrors = errorResponses(400, 401, 403);

/** The Android field app's updates: the superadmin's configuration and APKs, and the app's public poll. */
export const appUpdateRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const updates = createAppUpdates(deps);

    app.get(
      '/api/admin/app-update/config',
      {
        schema: {
          tags,
          summary:
            'The Android update configuration (1.0.0, no changelog, not forced until set). Superadmin only.',
          response: { 200: ZAppUpdateConfigResponse, ...adminErrors },
        },
        config: { access: SUPERADMIN },
      },
      async () => ({ success: true as const, data: { android: await updates.readConfig() } }),
    );

    app.post(
      '/api/admin/app-update/upload',
      {
        schema: {
          tags,
          summary:
            'Upload New APK: stores the file as app-v{version}.apk and makes it the current version. Superadmin only.',
          description: `multipart/form-data: apk (the file: ZIP bytes, named .apk or typed ${APK_MIME_TYPE}; at most APK_MAX_MB), version and minVersion (x.y.z, minVersion ≤ version; minVersion 1.0.0 when absent), changelog (a JSON list of lines), forceUpdate (true/false). A refused or oversize file leaves nothing stored: 415 '${appUpdateMessages.invalidApk}', 413, 400 '${appUpdateMessages.fileAndVersionRequired}'.`,
          consumes: ['multipart/form-data'],
          response: { 200: ZAppUpdateConfigResponse, ...errorResponses(400, 401, 403, 413, 415) },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => {
        const upload = await readApkUpload(request, deps.apks, deps.apkMaxBytes);
        const android = await updates.upload(actorOf(request), upload);
        return { success: true as const, data: { android } };
      },
    );

    app.put(
      '/api/admin/app-update/config',
      {
        schema: {
          tags,
          summary:
            'Update Version Only: version, minVersion, changelog and forceUpdate; the APK stays. Superadmin only.',
          body: ZAppUpdateConfigRequest,
          response: { 200: ZAppUpdateConfigResponse, ...adminErrors },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => ({
        success: true as const,
        data: { android: await updates.updateConfig(actorOf(request), request.body) },
      }),
    );

    app.get(
      '/api/admin/app-update/files',
      {
        schema: {
          tags,
          summary: 'The stored APKs, newest first: name, size (bytes), modified. Superadmin only.',
          response: { 200: ZApkFilesResponse, ...adminErrors },
        },
        config: { access: SUPERADMIN },
      },
      async () => ({ success: true as const, data: await updates.listFiles() }),
    );

    app.delete(
      '/api/admin/app-update/files/:name',
      {
        schema: {
          tags,
          summary:
            'Deletes a stored APK (a name as the list gives it: no separators, no "..", ending .apk; 404 when not stored). Superadmin only.',
          params: z.object({ name: z.string().max(200) }),
          response: { 200: ZAppUpdateDone, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => {
        await updates.deleteFile(actorOf(request), request.params.name);
        return { success: true as const, message: appUpdateMessages.fileDeleted };
      },
    );

    app.get(
      '/api/app-update/android',
      {
        schema: {
          tags,
          summary:
            'What the field app polls: version, minVersion, forceUpdate, changelog and the download URL (null before any upload). Public.',
          security: [],
          response: { 200: ZAndroidUpdateCheck },
        },
        // The field app asks before anyone signs in, and an old app must be told to update even when its session is gone.
        config: { access: { public: true } },
      },
      async () => ({ success: true as const, data: await updates.check() }),
    );

    app.get(
      DOWNLOAD_PATH,
      {
        schema: {
          tags,
          summary: 'The current APK, streamed as an attachment (404 before any upload). Public.',
          security: [],
          produces: [APK_MIME_TYPE],
          response: { 200: z.unknown().describe('the APK'), ...errorResponses(404) },
        },
        // Phones install updates through the system's download manager, which sends no bearer token; see docs/SECURITY.md.
        config: { access: { public: true } },
      },
      async (_request, reply) => {
        const apk = await updates.download();
        reply.header('content-length', apk.size);
        return sendDownload(reply, { type: apk.type, fileName: apk.name, body: apk.stream });
      },
    );
  };
