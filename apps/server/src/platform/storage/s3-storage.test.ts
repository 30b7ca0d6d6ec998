import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { samples } from '../../../test/support/factories';
import { s3Bucket } from '../../../test/support/s3';
import { loadConfig } from '../../config';
import { newStorageKey } from './file-storage';
import { createS3Storage } from './s3-storage';

const bucket = s3Bucket();

describe('S3 file storage', () => {
  it('puts, gets and deletes a file', async () => {
    const storage = createS3Storage(bucket.options);
    const key = newStorageKey('image/png');
    await storage.put(key, Buffer.from(samples.png), 'image/png');

    const read = await storage.get(key);
    expect(read?.equals(Buffer.from(samples.png))).toBe(true);
    // The object really is in the bucket, with its type.
    const stored = fs.readdirSync(path.join(bucket.directory, 'documents'));
    expect(stored.some((name) => name.startsWith(key))).toBe(true);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('answers null for a missing key and deletes missing keys quietly', async () => {
    const storage = createS3Storage(bucket.options);
    const key = newStorageKey('application/pdf');
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys it did not make, without calling the server', async () => {
    const storage = createS3Storage(bucket.options);
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      'Invalid storage key',
    );
    expect(await storage.get('../../etc/passwd')).toBeNull();
  });

  it('reports a server failure instead of pretending the file is missing', async () => {
    const storage = createS3Storage({ ...bucket.options, bucket: 'no-such-bucket' });
    await expect(
      storage.put(newStorageKey('image/png'), Buffer.from(samples.png), 'image/png'),
    ).rejects.toThrow();
  });

  it('is chosen by STORAGE=s3 and the S3_* variables', async () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'documents',
      S3_ENDPOINT: bucket.options.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({ kind: 's3', ...bucket.options });
    if (config.storage.kind !== 's3') throw new Error('expected s3');
    const storage = createS3Storage(config.storage);
    const key = newStorageKey('image/jpeg');
    await storage.put(key, Buffer.from(samples.jpeg), 'image/jpeg');
    expect((await storage.get(key))?.equals(Buffer.from(samples.jpeg))).toBe(true);
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('refuses an S3 configuration without a bucket, or with half the credentials', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET is required when STORAGE=s3');
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow('STORAGE must be local or s3');
  });
});
