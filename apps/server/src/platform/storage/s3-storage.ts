import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type FileStorage, isFolderKey, isStorageKey } from './file-storage';

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

const isKnownKey = (key: string) => isStorageKey(key) || isFolderKey(key);
const checkKey = (key: string) => {
  if (!isKnownKey(key)) throw new Error(`Invalid storage key: ${key}`);
};

/**
 * A streamed file goes up in parts of 8 MB, one at a time: at most a part or two in memory whatever
 * the file's size (S3 takes up to 10,000 parts: 80 GB). A file under one part is a single PUT.
 */
const STREAM_PART_BYTES = 8 * 1024 * 1024;

/** The same FileStorage as the local folder, on an S3-compatible bucket; keys are the server's own names. */
export const createS3Storage = (options: S3StorageOptions, client = createS3Client(options)): FileStorage => {
  const open = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    put: async (key, data, contentType) => {
      checkKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: data, ContentType: contentType }),
      );
    },
    get: async (key) => {
      if (!isKnownKey(key)) return null;
      const object = await open(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    delete: async (key) => {
      if (!isKnownKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    putStream: async (key, source, contentType) => {
      checkKey(key);
      // A failing source fails the upload, and a multipart upload is then aborted (its parts
      // deleted): the object appears only when complete. A process killed mid-upload leaves
      // parts that only a bucket lifecycle rule removes (docs/DEPLOYMENT.md).
      const upload = new Upload({
        client,
        params: { Bucket: options.bucket, Key: key, Body: source, ContentType: contentType },
        partSize: STREAM_PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      // The source's own failure (an abort, a refused query) is the one to report, even when
      // aborting the upload fails too (as on servers without multipart abort).
      let sourceError: unknown;
      source.once('error', (error) => {
        sourceError = error;
      });
      try {
        await upload.done();
      } catch (error) {
        throw sourceError ?? error;
      }
    },
    getStream: async (key) => {
      if (!isKnownKey(key)) return null;
      const body = (await open(key))?.Body;
      return body instanceof Readable ? body : null;
    },
    list: async (folder) => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: `${folder}/`,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key && isFolderKey(object.Key)) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
};
