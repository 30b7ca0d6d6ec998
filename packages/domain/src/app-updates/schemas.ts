import { z } from 'zod';
import { ZText } from '../schemas/primitives';
import { appUpdateMessages, compareAppVersions, DEFAULT_APP_VERSION, isAppVersion } from './rules';

export const ZAppVersion = z
  .string({ error: appUpdateMessages.invalidVersion })
  .trim()
  .refine(isAppVersion, appUpdateMessages.invalidVersion);

export const CHANGELOG_LINES_MAX = 50;
export const CHANGELOG_LINE_MAX = 300;

/** The changelog: lines people read in the field app, blank ones dropped. */
export const ZChangelog = z
  .array(
    ZText('changelog')
      .trim()
      .max(CHANGELOG_LINE_MAX, `A changelog line must be at most ${CHANGELOG_LINE_MAX} characters`),
  )
  .max(CHANGELOG_LINES_MAX, `The changelog takes at most ${CHANGELOG_LINES_MAX} lines`)
  .transform((lines) => lines.filter((line) => line.length > 0));

const minNotAboveVersion = (value: { version: string; minVersion: string }) =>
  compareAppVersions(value.minVersion, value.version) <= 0;

/** PUT /admin/app-update/config: Update Version Only (no file). */
export const ZAppUpdateConfigRequest = z
  .object({
    platform: z.literal('android', { error: 'platform must be android' }).default('android'),
    version: ZAppVersion,
    minVersion: ZAppVersion.default(DEFAULT_APP_VERSION),
    changelog: ZChangelog.default([]),
    forceUpdate: z.boolean({ error: 'forceUpdate must be true or false' }).default(false),
  })
  .refine(minNotAboveVersion, { error: appUpdateMessages.minAboveVersion, path: ['minVersion'] });
export type TAppUpdateConfigRequest = z.infer<typeof ZAppUpdateConfigRequest>;

/** A form's true/false as multipart sends it. */
const ZFormFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'forceUpdate must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'on');

/** The changelog field of the upload: a JSON list of lines. */
const ZChangelogJson = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'changelog must be a JSON list of lines' });
      return z.NEVER;
    }
  })
  .pipe(ZChangelog);

/** The text fields of POST /admin/app-update/upload (the file is `apk`). */
export const ZApkUploadFields = z
  .object({
    version: ZAppVersion,
    minVersion: ZAppVersion.default(DEFAULT_APP_VERSION),
    changelog: ZChangelogJson.default([]),
    forceUpdate: ZFormFlag.default(false),
  })
  .refine(minNotAboveVersion, { error: appUpdateMessages.minAboveVersion, path: ['minVersion'] });
export type TApkUploadFields = z.infer<typeof ZApkUploadFields>;

/** The Android app's update configuration; releaseDate and fileSize stay null until an APK is uploaded. */
export const ZAndroidUpdateConfig = z.object({
  version: z.string(),
  minVersion: z.string(),
  changelog: z.array(z.string()),
  forceUpdate: z.boolean(),
  releaseDate: z.string().nullable().describe('ISO time of the last upload'),
  fileSize: z.number().nullable().describe('bytes of the current APK'),
});
export type TAndroidUpdateConfig = z.infer<typeof ZAndroidUpdateConfig>;

export const ZAppUpdateConfigResponse = z.object({
  success: z.literal(true),
  data: z.object({ android: ZAndroidUpdateConfig }),
});

/** One stored APK as the files list shows it. */
export const ZApkFile = z.object({
  name: z.string(),
  size: z.number().describe('bytes'),
  modified: z.string().describe('ISO time'),
});
export type TApkFile = z.infer<typeof ZApkFile>;

export const ZApkFilesResponse = z.object({ success: z.literal(true), data: z.array(ZApkFile) });

export const ZAppUpdateDone = z.object({ success: z.literal(true), message: z.string() });

/** GET /app-update/android: what the field app polls. */
export const ZAndroidUpdateCheck = z.object({
  success: z.literal(true),
  data: ZAndroidUpdateConfig.extend({
    downloadUrl: z.string().nullable().describe('null until an APK is uploaded'),
  }),
});
