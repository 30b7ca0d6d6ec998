import fs from 'node:fs';
import { MAX_UPLOAD_BYTES } from '@lending/domain';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { stripImageMetadata } from '../../../src/platform/storage/strip-metadata';
import { samples } from '../../support/factories';
import { createHarness, type HostileRequest } from './harness';
import { bombPng, PNG_SIGNATURE } from './images';
import { multipartBody } from './multipart-body';
import { fuzzApp } from './routes';

const APK_LIMIT = 64 * 1024;
const fuzz = await fuzzApp({ apkMaxBytes: APK_LIMIT });
afterAll(() => fuzz.t.close());
const harness = await createHarness(fuzz);

const storedFiles = () => fs.readdirSync(fuzz.t.dataDir, { recursive: true }).length;

const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from('payload.js')]);

/** A profile picture sent as the signed-in superadmin's own profile update. */
const profilePicture = (data: Uint8Array, filename = 'me.png', type = 'image/png'): HostileRequest => ({
  method: 'PUT',
  url: '/api/users/profile/me',
  ...multipartBody([{ name: 'profile_pic', value: data, filename, type }]),
});

/** Sends an upload that must be refused with `code`, and checks nothing was stored. */
const expectRefusedUpload = async (request: HostileRequest, status: number, code: string) => {
  const files = storedFiles();
  const answer = await harness.send(request, 'superadmin');
  expect(answer.statusCode, answer.body).toBe(status);
  expect(JSON.parse(answer.body)).toMatchObject({ code });
  expect(storedFiles()).toBe(files);
};

describe('hostile image uploads', () => {
  it('refuses a PNG signature followed by HTML (the bytes do not decode)', async () => {
    await expectRefusedUpload(
      profilePicture(Buffer.concat([PNG_SIGNATURE, HTML])),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
  });

  it('refuses a PNG signature followed by a ZIP', async () => {
    await expectRefusedUpload(
      profilePicture(Buffer.concat([PNG_SIGNATURE, ZIP])),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
  });

  it('stores a real image with HTML or a ZIP appended only as the re-encoded image', async () => {
    for (const [image, type] of [
      [samples.png, 'image/png'],
      [samples.jpeg, 'image/jpeg'],
    ] as const) {
      for (const tail of [HTML, ZIP]) {
        const clean = await stripImageMetadata(Buffer.concat([image, tail]), type);
        expect(clean).not.toBeNull();
        expect(clean?.includes(tail.subarray(0, 8))).toBe(false);
      }
    }
    const answer = await harness.send(profilePicture(Buffer.concat([samples.png, HTML])), 'superadmin');
    expect(answer.statusCode).toBe(200);
  });

  it('refuses HTML, text and a PDF named .png (the name and declared type count for nothing)', async () => {
    for (const data of [HTML, samples.text, samples.pdf]) {
      await expectRefusedUpload(profilePicture(data, 'photo.png', 'image/png'), 415, 'FILE_TYPE_NOT_ALLOWED');
    }
  });

  it('refuses a file part in a field that takes no file', async () => {
    const request = (data: Uint8Array, filename: string) => ({
      method: 'PUT',
      url: '/api/users/profile/me',
      ...multipartBody([{ name: 'nonexistent_field', value: data, filename }]),
    });
    await expectRefusedUpload(request(samples.png, 'a.png'), 400, 'UNEXPECTED_FILE');
  });

  it('refuses a file one byte over the limit with 413', async () => {
    const oversize = Buffer.concat([samples.png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - samples.png.length)]);
    await expectRefusedUpload(profilePicture(oversize), 413, 'FILE_TOO_LARGE');
  });

  it('refuses a decompression bomb (a small PNG declaring 50 000 × 50 000 pixels) without decoding it', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    // A well-formed header: refused for its size, not for being garbage.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 50_000,
      height: 50_000,
      format: 'png',
    });
    const before = process.memoryUsage().rss;
    await expectRefusedUpload(profilePicture(bomb), 415, 'FILE_TYPE_NOT_ALLOWED');
    // 2.5 gigapixels decoded would be gigabytes; refused from its header, memory barely moves.
    expect(process.memoryUsage().rss - before).toBeLessThan(500 * 1024 * 1024);
  });

  it('stores nothing for a zero-byte file (how a browser sends "no file chosen")', async () => {
    const files = storedFiles();
    const answer = await harness.send(profilePicture(new Uint8Array(0)), 'superadmin');
    expect(answer.statusCode).toBeLessThan(500);
    expect(storedFiles()).toBe(files);
  });

  it('refuses a zero-byte agent QR code, where a file is required', async () => {
    const request = {
      method: 'PATCH',
      url: `/api/users/${fuzz.cast.agentA.user.id}/agent-qr`,
      ...multipartBody([
        { name: 'agent_qr_code', value: new Uint8Array(0), filename: 'qr.png', type: 'image/png' },
      ]),
    };
    const answer = await harness.send(request, 'superadmin');
    expect(answer.statusCode).toBe(400);
  });
});

describe('hostile APK uploads', () => {
  const apk = (data: Uint8Array, filename = 'app.apk'): HostileRequest => ({
    method: 'POST',
    url: '/api/admin/app-update/upload',
    ...multipartBody([
      { name: 'version', value: '9.9.9' },
      { name: 'apk', value: data, filename, type: 'application/vnd.android.package-archive' },
    ]),
  });

  it('refuses a PNG named .apk, HTML named .apk and a zero-byte APK', async () => {
    for (const data of [samples.png, HTML, new Uint8Array(0)]) {
      const answer = await harness.send(apk(data), 'superadmin');
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    }
  });

  it('refuses an APK one byte over the limit with 413 and keeps nothing of it', async () => {
    const oversize = Buffer.concat([ZIP, Buffer.alloc(APK_LIMIT + 1 - ZIP.length)]);
    await expectRefusedUpload(apk(oversize), 413, 'FILE_TOO_LARGE');
  });
});
