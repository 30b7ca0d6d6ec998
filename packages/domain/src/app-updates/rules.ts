/**
 * The rules of the field app's Android updates: version numbers, what an APK upload may be and the
 * names stored APKs carry. Pure, so the server and the web form decide alike.
 */

/** What a new version starts from in the form, and what the field app assumes before any upload. */
export const DEFAULT_APP_VERSION = '1.0.0';

/** The APK size limit when APK_MAX_MB is not set: 200 MB. */
export const DEFAULT_APK_MAX_BYTES = 200 * 1024 * 1024;

/** The Android package type; the only declared type the server takes besides a name ending .apk. */
export const APK_MIME_TYPE = 'application/vnd.android.package-archive';

/** What browsers and tools declare for a file they cannot type; the form lets it through to the server's byte check. */
export const GENERIC_BINARY_TYPE = 'application/octet-stream';

/** `major.minor.patch`, each part a whole number of at most 4 digits (no leading sign, no suffix). */
export const APP_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

export const isAppVersion = (value: string): boolean => APP_VERSION_PATTERN.test(value);

/** Orders two versions part by part as numbers (1.10.0 is after 1.9.0): negative, 0 or positive. */
export const compareAppVersions = (a: string, b: string): number => {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < 3; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

/** Every APK starts with a ZIP local file header, "PK\x03\x04" (an empty ZIP's "PK\x05\x06" holds no app). */
export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;

export const hasZipSignature = (bytes: Uint8Array): boolean =>
  bytes.length >= ZIP_SIGNATURE.length && ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);

/** The name an uploaded APK is stored under: chosen by the server from the version, never the upload's name. */
export const apkFileNameFor = (version: string): string => `app-v${version}.apk`;

export const APK_NAME_MAX = 120;

/**
 * A stored APK's name as a path may carry it: letters, digits, '.', '_' and '-', ending .apk, no
 * '..' and no separator, so a name can never leave the APK folder.
 */
export const isApkFileName = (name: string): boolean =>
  name.length <= APK_NAME_MAX && /^[A-Za-z0-9][A-Za-z0-9._-]*\.apk$/.test(name) && !name.includes('..');

/** Whether the upload's name or declared type says APK (the server also checks its bytes). */
export const looksLikeApk = (fileName: string, mimeType: string): boolean =>
  mimeType === APK_MIME_TYPE || fileName.toLowerCase().endsWith('.apk');

/** The form's own check before uploading: the APK type, a generic binary type, or a name ending .apk. */
export const mayPickAsApk = (fileName: string, mimeType: string): boolean =>
  looksLikeApk(fileName, mimeType) || mimeType === GENERIC_BINARY_TYPE;

/** Texts of App Update Management, as the page and the API show them. */
export const appUpdateMessages = {
  loadFailed: 'Failed to load current version',
  uploaded: 'APK uploaded and version updated successfully',
  uploadFailed: 'Failed to upload APK',
  uploadFailedBecause: (reason: string) => `Upload failed: ${reason}`,
  versionUpdated: 'Version updated successfully',
  versionUpdateFailed: 'Failed to update version',
  fileDeleted: 'File deleted successfully',
  fileDeleteFailed: 'Failed to delete file',
  invalidApk: 'Please select a valid APK file',
  fileAndVersionRequired: 'Please select a file and enter version',
  invalidVersion: 'Version must look like 1.2.3',
  minAboveVersion: 'Minimum version cannot be above the version',
  tooLarge: (maxBytes: number) => `The APK must be at most ${Math.floor(maxBytes / (1024 * 1024))} MB`,
} as const;
