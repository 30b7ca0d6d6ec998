import { once } from 'node:events';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import { stringify } from 'csv-stringify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors';
import { coalesceChunks, prefetched, sendDownload, streamRows } from './streams';

/** Rows that fail after `good` of them, as a database cursor does when a later batch is refused. */
async function* rowsFailingAfter(good: number) {
  for (let index = 0; index < good; index += 1) yield [index, `row ${index}`];
  throw new Error('the database refused the query');
}

const app = Fastify({ logger: false });
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onUnhandled);
  process.on('unhandledRejection', onUnhandled);
  registerErrorHandler(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.get('/raw/:good', async (request, reply) => {
    const good = Number((request.params as { good: string }).good);
    const body = streamRows(rowsFailingAfter(good), stringify({ header: true, columns: ['n', 'text'] }));
    return sendDownload(reply, { type: 'text/csv', fileName: 'x.csv', body });
  });
  app.get('/prefetched/:good', async (request, reply) => {
    const good = Number((request.params as { good: string }).good);
    const rows = await prefetched(rowsFailingAfter(good));
    const body = streamRows(rows, stringify({ header: true, columns: ['n', 'text'], bom: true }));
    return sendDownload(reply, { type: 'text/csv', fileName: 'x.csv', body });
  });
  app.get('/ok', async (_request, reply) =>
    sendDownload(reply, {
      type: 'text/csv',
      fileName: 'ok.csv',
      body: streamRows(prefetchedSync([[1, 'a']]), stringify({ header: true, columns: ['n', 'text'] })),
    }),
  );
  await app.ready();
});
afterAll(async () => {
  process.off('uncaughtException', onUnhandled);
  process.off('unhandledRejection', onUnhandled);
  await app.close();
});

const prefetchedSync = <T>(rows: T[]) => rows;

describe('streamed downloads', () => {
  it('answers 500 when the source fails before the first row', async () => {
    for (const url of ['/raw/0', '/prefetched/0']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
    }
  });

  it('aborts the answer when the source fails half-way, and the server keeps answering', async () => {
    const outcome = await app
      .inject({ method: 'GET', url: '/prefetched/2000' })
      .then((response) => ({ complete: response.statusCode === 200 && response.body.endsWith('row 1999\n') }))
      .catch(() => ({ complete: false }));
    expect(outcome.complete).toBe(false);
    // Compressed, a cut answer must still be a broken one, never a shorter file that looks whole.
    for (const encoding of ['gzip', 'br']) {
      const compressed = await app
        .inject({ method: 'GET', url: '/prefetched/2000', headers: { 'accept-encoding': encoding } })
        .then((response) => {
          const body =
            encoding === 'gzip' ? gunzipSync(response.rawPayload) : brotliDecompressSync(response.rawPayload);
          return { complete: response.statusCode === 200 && body.toString().endsWith('row 1999\n') };
        })
        .catch(() => ({ complete: false }));
      expect(compressed.complete, encoding).toBe(false);
    }
    const ok = await app.inject({ method: 'GET', url: '/ok' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['content-disposition']).toBe('attachment; filename="ok.csv"');
    expect(ok.body).toBe('n,text\n1,a\n');
  });

  it('never leaves a stream error unhandled', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });
});

describe('coalesceChunks', () => {
  it('passes the same bytes on in chunks of at least the size asked, the last one shorter', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => Buffer.from(`row ${index}\n`));
    const chunks: Buffer[] = [];
    // 'data' sees each chunk as pushed (an async iterator would read whatever is buffered as one).
    const joined = Readable.from(rows).pipe(coalesceChunks(1024));
    joined.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(joined, 'end');
    expect(Buffer.concat(chunks).equals(Buffer.concat(rows))).toBe(true);
    expect(chunks.slice(0, -1).every((chunk) => chunk.length >= 1024)).toBe(true);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.length).toBeLessThan(10);
  });
});
