import type { Readable } from 'node:stream';
import {
  APK_MIME_TYPE,
  apkFileNameFor,
  appUpdateMessages,
  DEFAULT_APP_VERSION,
  isApkFileName,
  type TAndroidUpdateConfig,
  type TApkFile,
  type TApkUploadFields,
  type TAppUpdateConfigRequest,
  ZApkUploadFields,
} from '@lending/domain';
import type { Actor } from '../../platform/audit';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { parseOr400 } from '../../platform/form-body';
import type { ReceivedApk } from '../../platform/storage/apk-store';
import type { ApkUpload } from './apk-upload';
import {
  type AppUpdateRow,
  clearAppUpdateFile,
  findAppUpdateConfig,
  saveAppUpdateConfig,
} from './repository';

const PLATFORM = 'android';

/** The path the field app downloads the current APK from (under /api, public). */
export const DOWNLOAD_PATH = '/api/app-update/android/download';

const presentConfig = (row: AppUpdateRow | null): TAndroidUpdateConfig => ({
  version: row?.version ?? DEFAULT_APP_VERSION,
  minVersion: row?.minVersion ?? DEFAULT_APP_VERSION,
  changelog: row?.changelog ?? [],
  forceUpdate: row?.forceUpdate ?? false,
  releaseDate: row?.releaseDate?.toISOString() ?? null,
  fileSize: row?.fileSize ?? null,
});

const fileNotFound = () => new AppError('FILE_NOT_FOUND', 'File not found');

/** The fields of an upload, checked once the file is whole; the file is required, then the version. */
const checkUploadFields = (upload: ApkUpload): { apk: ReceivedApk; fields: TApkUploadFields } => {
  const { apk, fields } = upload;
  if (!apk)
    throw badRequest('FILE_REQUIRED', appUpdateMessages.fileAndVersionRequired, [
      { param: 'apk', msg: appUpdateMessages.fileAndVersionRequired },
    ]);
  if (!fields.version?.trim())
    throw badRequest('VALIDATION_FAILED', appUpdateMessages.fileAndVersionRequired, [
      { param: 'version', msg: appUpdateMessages.fileAndVersionRequired },
    ]);
  return { apk, fields: parseOr400(ZApkUploadFields, fields) };
};

/** App Update Management: the Android configuration, its APKs and the field app's poll. */
export const createAppUpdates = (deps: AppDeps) => {
  const { db, apks, clock } = deps;

  const readConfig = async () => presentConfig(await findAppUpdateConfig(db, PLATFORM));

  return {
    readConfig,

    /** Keeps the uploaded APK under its version's name and makes it the current one. */
    upload: async (actor: Actor, upload: ApkUpload): Promise<TAndroidUpdateConfig> => {
      let checked: ReturnType<typeof checkUploadFields>;
      try {
        checked = checkUploadFields(upload);
      } catch (error) {
        await upload.apk?.discard();
        throw error;
      }
      const { apk, fields } = checked;
      const fileName = apkFileNameFor(fields.version);
      try {
        await apk.commit(fileName);
      } catch (error) {
        await apk.discard();
        throw error;
      }
      // From here the file is kept: should the row below fail, it is listed (and deletable) but
      // not offered, because the row alone says which APK is current.
      const now = clock.now();
      await db.transaction(async (tx) => {
        await saveAppUpdateConfig(
          tx,
          PLATFORM,
          { ...fields, fileName, fileSize: apk.size, releaseDate: now },
          now,
        );
        await writeAudit(tx, actor, {
          action: 'apk_uploaded',
          resourceType: 'app_update',
          resourceId: PLATFORM,
          metadata: { ...fields, fileName, fileSize: apk.size },
        });
      });
      return readConfig();
    },

    /** Update Version Only: the numbers, changelog and force flag; the APK stays as it is. */
    updateConfig: async (actor: Actor, body: TAppUpdateConfigRequest): Promise<TAndroidUpdateConfig> => {
      const { platform: _platform, ...values } = body;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await findAppUpdateConfig(tx, PLATFORM);
        await saveAppUpdateConfig(tx, PLATFORM, values, now);
        await writeAudit(tx, actor, {
          action: 'app_version_updated',
          resourceType: 'app_update',
          resourceId: PLATFORM,
          metadata: { ...values, previousVersion: before?.version ?? null },
        });
      });
      return readConfig();
    },

    listFiles: async (): Promise<TApkFile[]> =>
      (await apks.list()).map((file) => ({
        name: file.name,
        size: file.size,
        modified: file.modified.toISOString(),
      })),

    /** Deletes a stored APK; when it is the current one, the field app is offered no download until the next upload. */
    deleteFile: async (actor: Actor, name: string): Promise<void> => {
      if (!isApkFileName(name))
        throw badRequest('VALIDATION_FAILED', 'Invalid file name', [
          { param: 'name', msg: 'Invalid file name' },
        ]);
      await db.transaction(async (tx) => {
        const wasCurrent = await clearAppUpdateFile(tx, PLATFORM, name);
        await writeAudit(tx, actor, {
          action: 'apk_deleted',
          resourceType: 'app_update',
          resourceId: PLATFORM,
          metadata: { fileName: name, wasCurrent },
        });
        // Last, so that an unknown name rolls the audit row back and a removed file always has one.
        if (!(await apks.remove(name))) throw fileNotFound();
      });
    },

    /** What the field app polls: the configuration and where to fetch the APK (null when none is stored). */
    check: async (): Promise<TAndroidUpdateConfig & { downloadUrl: string | null }> => {
      const row = await findAppUpdateConfig(db, PLATFORM);
      return {
        ...presentConfig(row),
        downloadUrl: row?.fileName ? `${deps.publicUrl}${DOWNLOAD_PATH}` : null,
      };
    },

    /** The current APK as a stream, for the public download. */
    download: async (): Promise<{ name: string; size: number; type: string; stream: Readable }> => {
      const row = await findAppUpdateConfig(db, PLATFORM);
      const file = row?.fileName ? await apks.open(row.fileName) : null;
      if (!row?.fileName || !file) throw fileNotFound();
      return { name: row.fileName, size: file.size, type: APK_MIME_TYPE, stream: file.stream };
    },
  };
};
