import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type FileStorage, isStorageKey } from './file-storage';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Spaces, ...); unset means AWS itself. */
  endpoint?: string;
  /** Unset means the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket.host/key` (false) or `host/bucket/key` (true, what most self-hosted services need). */
  forcePathStyle: boolean;
};

export const createS3Client = (options: S3StorageOptions): S3Client =>
  new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Many S3-compatible services reject the SDK's newer default checksum headers; send them only when
    // an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** The same FileStorage as the local folder, on an S3-compatible bucket; keys are the server's random names. */
export const createS3Storage = (
  options: S3StorageOptions,
  client = createS3Client(options),
): FileStorage => ({
  put: async (key, data, contentType) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    await client.send(
      new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  },
  get: async (key) => {
    if (!isStorageKey(key)) return null;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
      if (!object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  },
  delete: async (key) => {
    if (!isStorageKey(key)) return;
    await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
  },
});
