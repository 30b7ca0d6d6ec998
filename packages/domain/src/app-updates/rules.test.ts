import { describe, expect, it } from 'vitest';
import {
  apkFileNameFor,
  compareAppVersions,
  hasZipSignature,
  isApkFileName,
  looksLikeApk,
  mayPickAsApk,
} from './rules';
import { ZApkUploadFields, ZAppUpdateConfigRequest } from './schemas';

describe('app update rules', () => {
  it('orders versions part by part as numbers', () => {
    expect(compareAppVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareAppVersions('1.2.3', '1.2.3')).toBe(0);
    expect(compareAppVersions('0.9.9', '1.0.0')).toBeLessThan(0);
  });

  it('knows a ZIP by its first bytes', () => {
    expect(hasZipSignature(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(hasZipSignature(Uint8Array.from([0x50, 0x4b, 0x05, 0x06]))).toBe(false);
    expect(hasZipSignature(Uint8Array.from([0x50, 0x4b]))).toBe(false);
  });

  it.each([
    ['app-v1.2.3.apk', true],
    ['field_app-2.apk', true],
    ['../x.apk', false],
    ['a/b.apk', false],
    ['a\\b.apk', false],
    ['..apk', false],
    ['.incoming-1', false],
    ['x.apk\u0000', false],
    ['notes.txt', false],
    [`${'a'.repeat(200)}.apk`, false],
  ])('takes %j as a stored APK name: %s', (name, ok) => expect(isApkFileName(name)).toBe(ok));

  it('names a stored APK by its version', () => expect(apkFileNameFor('1.2.3')).toBe('app-v1.2.3.apk'));

  it('lets the form pick a generic binary, the server only an APK name or type', () => {
    expect(looksLikeApk('build', 'application/vnd.android.package-archive')).toBe(true);
    expect(looksLikeApk('Field.APK', '')).toBe(true);
    expect(looksLikeApk('build.bin', 'application/octet-stream')).toBe(false);
    expect(mayPickAsApk('build.bin', 'application/octet-stream')).toBe(true);
    expect(mayPickAsApk('notes.txt', 'text/plain')).toBe(false);
  });
});

describe('app update contracts', () => {
  it('defaults the minimum to 1.0.0, drops blank changelog lines and refuses a minimum above the version', () => {
    expect(ZAppUpdateConfigRequest.parse({ version: '1.2.0', changelog: ['Fix', ' '] })).toEqual({
      platform: 'android',
      version: '1.2.0',
      minVersion: '1.0.0',
      changelog: ['Fix'],
      forceUpdate: false,
    });
    expect(ZAppUpdateConfigRequest.safeParse({ version: '1.0.0', minVersion: '1.0.1' }).success).toBe(false);
    expect(ZAppUpdateConfigRequest.safeParse({ version: 'v1.0' }).success).toBe(false);
  });

  it('reads the upload fields as multipart sends them', () => {
    expect(
      ZApkUploadFields.parse({
        version: '2.0.0',
        minVersion: '1.5.0',
        changelog: '["A","B"]',
        forceUpdate: 'true',
      }),
    ).toEqual({ version: '2.0.0', minVersion: '1.5.0', changelog: ['A', 'B'], forceUpdate: true });
    expect(ZApkUploadFields.safeParse({ version: '2.0.0', changelog: '{"a":1}' }).success).toBe(false);
    expect(ZApkUploadFields.safeParse({ version: '2.0.0', forceUpdate: 'maybe' }).success).toBe(false);
  });
});
