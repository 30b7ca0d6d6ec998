import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { s3Bucket } from '../../../test/support/s3';
import { createLocalStorage, type FileStorage } from './file-storage';
import { createS3Storage } from './s3-storage';

const bucket = s3Bucket();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-streams-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const MB = 1024 * 1024;
/** `megabytes` of bytes that differ from chunk to chunk, in 1 MB chunks, failing after `failAfter` of them. */
async function* bytes(megabytes: number, failAfter = Number.POSITIVE_INFINITY) {
  for (let chunk = 0; chunk < megabytes; chunk += 1) {
    if (chunk === failAfter) throw new Error('the source broke');
    yield Buffer.alloc(MB, chunk % 251);
  }
}
const digest = async (source: AsyncIterable<Buffer>) => {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk);
  return hash.digest('hex');
};

describe.each([
  ['local folder', () => createLocalStorage(path.join(root, 'local'))],
  ['S3 bucket', () => createS3Storage(bucket.options)],
] as [string, () => FileStorage][])('streamed files in the %s', (_, storageOf) => {
  // 17 MB: three parts of an S3 multipart upload.
  it('stores a stream of any size and gives it back as a stream', async () => {
    const storage = storageOf();
    const key = 'exports/whole-17mb.zip';
    await storage.putStream(key, Readable.from(bytes(17)), 'application/zip');
    const stream = await storage.getStream(key);
    if (!stream) throw new Error('the file is missing');
    expect(await digest(stream)).toBe(await digest(bytes(17)));
    expect((await storage.get(key))?.length).toBe(17 * MB);
    expect(await storage.list('exports')).toContain(key);

    await storage.delete(key);
    expect(await storage.getStream(key)).toBeNull();
    expect(await storage.list('exports')).not.toContain(key);
  });

  it('keeps nothing of a stream that fails half-way, past its first part', async () => {
    const storage = storageOf();
    const key = 'exports/broken.zip';
    await expect(storage.putStream(key, Readable.from(bytes(17, 10)), 'application/zip')).rejects.toThrow(
      'the source broke',
    );
    expect(await storage.get(key)).toBeNull();
    expect(await storage.list('exports')).toEqual([]);
  });

  it('refuses keys and folders it does not make', async () => {
    const storage = storageOf();
    await expect(storage.putStream('../escape.zip', Readable.from(['x']), 'application/zip')).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(
      storage.putStream('exports/.hidden', Readable.from(['x']), 'application/zip'),
    ).rejects.toThrow('Invalid storage key');
    expect(await storage.getStream('exports/../../etc/passwd')).toBeNull();
    expect(await storage.list('nothing-here')).toEqual([]);
  });
});

describe('a streamed file in the local folder', () => {
  it('is written under a temporary name and appears only when complete', async () => {
    const folder = path.join(root, 'partial');
    const storage = createLocalStorage(folder);
    let seen: string[] = [];
    // A first chunk over the file stream's buffer; the file is opened asynchronously, so the source
    // waits (up to 10 s) for it to appear before making the rest: what is on disk then is the partial file.
    const first = Buffer.alloc(64 * 1024, 'a');
    async function* watched() {
      yield first;
      const deadline = Date.now() + 10_000;
      const listed = () =>
        fs.existsSync(path.join(folder, 'exports')) ? fs.readdirSync(path.join(folder, 'exports')) : [];
      while (listed().length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      seen = listed();
      yield Buffer.from('the rest');
    }
    await storage.putStream('exports/watched.zip', Readable.from(watched()), 'application/zip');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^watched\.zip\.[0-9a-f-]{36}\.part$/);
    expect(fs.readdirSync(path.join(folder, 'exports'))).toEqual(['watched.zip']);
    expect((await storage.get('exports/watched.zip'))?.toString()).toBe(`${first}the rest`);
  });

  it('refuses a folder name that could climb out of the storage', async () => {
    await expect(createLocalStorage(root).list('../etc')).rejects.toThrow('Invalid storage folder');
  });
});
