import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { S3StorageOptions } from '../../src/platform/storage/s3-storage';

// Node 20 is what this project runs on; the SDK's notice about its future versions is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * A real S3-protocol server on the loopback address with an empty bucket 'documents', for a test
 * file: its storage options and the folder it keeps objects in, filled in before the file's tests.
 */
export const s3Bucket = () => {
  // Filled by beforeAll, before any test reads it.
  const bucket = {} as { options: S3StorageOptions; directory: string };
  let server: S3rver;
  beforeAll(async () => {
    bucket.directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucket.directory,
      configureBuckets: [{ name: 'documents', configs: [] }],
    });
    const { port } = await server.run();
    bucket.options = {
      bucket: 'documents',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(bucket.directory, { recursive: true, force: true });
  });
  return bucket;
};
