import { Readable } from 'node:stream';
import { sniffFileType } from '@lending/domain';
import { AppError } from '../../platform/errors';

/** How many bytes are looked at before deciding what a file is. */
const SNIFF_BYTES = 64 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const GZIP = [0x1f, 0x8b];

/** A file as the import reads it: an .xlsx workbook, or CSV text in an encoding. */
export type SniffedImport =
  | { type: 'xlsx'; stream: Readable }
  | { type: 'csv'; stream: Readable; encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; sample: string };

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

const KIND_NAMES: Record<string, string> = {
  'application/pdf': 'a PDF document',
  'image/jpeg': 'a JPEG picture',
  'image/png': 'a PNG picture',
  'image/gif': 'a GIF picture',
  'image/webp': 'a WebP picture',
};

const refuseType = (what: string) =>
  new AppError(
    'IMPORT_FILE_TYPE',
    `This file is ${what}, not a spreadsheet (whatever its name says); upload an .xlsx workbook or a CSV file`,
  );

/** Whether decoded text looks like text: few control characters and few bytes that were not UTF-8. */
const looksLikeText = (sample: string): boolean => {
  let odd = 0;
  for (const char of sample) {
    const code = char.codePointAt(0) ?? 0;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0xfffd)
      odd += 1;
  }
  return odd <= sample.length * 0.1;
};

const encodingOf = (head: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' =>
  startsWith(head, [0xff, 0xfe]) ? 'utf-16le' : startsWith(head, [0xfe, 0xff]) ? 'utf-16be' : 'utf-8';

/** What the first bytes say the file is, or the refusal that says what it is instead. */
const classify = (head: Buffer): SniffedImport['type'] | 'empty' => {
  if (head.length === 0) return 'empty';
  if (startsWith(head, ZIP)) return 'xlsx';
  if (startsWith(head, EMPTY_ZIP)) throw refuseType('an empty ZIP archive');
  if (startsWith(head, OLE))
    throw new AppError(
      'IMPORT_FILE_TYPE',
      'This file is an old Excel 97–2003 (.xls) workbook; open it in Excel and save it as .xlsx (or CSV UTF-8)',
    );
  const known = sniffFileType(head);
  if (known !== null) throw refuseType(KIND_NAMES[known] ?? known);
  if (startsWith(head, GZIP)) throw refuseType('a compressed (gzip) archive');
  return 'csv';
};

/**
 * Reads the first bytes of an upload to learn what it really is (never by its name) and answers a
 * stream that still starts with them. A 0-byte file, a PDF or picture, an old .xls, binary data and
 * an HTML or XML page saved as .csv are refused.
 */
export const sniffImport = async (input: Readable): Promise<SniffedImport> => {
  const iterator: AsyncIterator<Buffer | string> = input[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  const type = classify(head);
  if (type === 'empty') throw new AppError('IMPORT_FILE_EMPTY', 'The file is empty (0 bytes)');
  async function* replay() {
    try {
      yield head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next())
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    } finally {
      // Reading stopped early (a refusal, too many rows): let the upload go.
      await iterator.return?.();
    }
  }
  const stream = Readable.from(replay(), { objectMode: false });
  if (type === 'xlsx') return { type, stream };
  const encoding = encodingOf(head);
  const sample = new TextDecoder(encoding).decode(head.subarray(0, Math.min(head.length, SNIFF_BYTES)));
  if (!looksLikeText(sample)) throw refuseType('binary data');
  if (/^\s*</.test(sample)) throw refuseType('an HTML or XML page');
  return { type, stream, encoding, sample };
};
