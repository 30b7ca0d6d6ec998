import { createHash, randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { IMPORT_FILE_MAX_BYTES, importApiMessages } from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/file-storage';
import { asClientError, fieldText } from '../../platform/storage/multipart';

/** The multipart field that carries the import file. */
export const IMPORT_FILE_FIELD = 'file';
/** Where uploaded import files are kept until their import is committed. */
export const IMPORT_FOLDER = 'imports';

/** An upload as stored: its name as the lender's computer called it, its key, size and SHA-256. */
export type StoredUpload = { fileName: string; storageKey: string; sizeBytes: number; sha256: string };

export type ImportUpload = { fields: Record<string, string>; file: StoredUpload | null };

const NAME_MAX = 200;

/**
 * The file's name as shown on the import screens: its last path part, without control characters,
 * at most 200 characters. It is never a storage key or a path.
 */
export const cleanFileName = (name: string): string => {
  const last = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean.length > NAME_MAX ? clean.slice(clean.length - NAME_MAX) : clean) || 'upload';
};

const tooLarge = () =>
  new AppError('FILE_TOO_LARGE', importApiMessages.tooLarge, {
    errors: [{ param: IMPORT_FILE_FIELD, msg: importApiMessages.tooLarge }],
  });

/** Passes bytes through while hashing and counting them. */
const hashing = () => {
  const hash = createHash('sha256');
  const seen = { bytes: 0 };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      seen.bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, seen, digest: () => hash.digest('hex') };
};

/**
 * Reads POST /imports: text fields as strings and the one file streamed into the storage while it is
 * hashed (never held in memory), up to IMPORT_FILE_MAX_BYTES. A refusal, wherever it comes, leaves
 * nothing stored.
 */
export const receiveImportUpload = async (
  request: FastifyRequest,
  storage: FileStorage,
): Promise<ImportUpload> => {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request');
  const fields: Record<string, string> = {};
  let file: StoredUpload | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = fieldText(part);
        continue;
      }
      // An empty file part with no name is how browsers send "no file chosen".
      if (part.fieldname === IMPORT_FILE_FIELD && part.filename === '') {
        part.file.resume();
        continue;
      }
      if (part.fieldname !== IMPORT_FILE_FIELD) {
        part.file.resume();
        throw badRequest('UNEXPECTED_FILE', `Unexpected file field ${part.fieldname}`, [
          { param: part.fieldname, msg: 'Unexpected file' },
        ]);
      }
      const storageKey = `${IMPORT_FOLDER}/${randomUUID()}.upload`;
      const counted = hashing();
      part.file.on('error', (error) => counted.stream.destroy(error));
      file = { fileName: cleanFileName(part.filename), storageKey, sizeBytes: 0, sha256: '' };
      await storage.putStream(storageKey, part.file.pipe(counted.stream), 'application/octet-stream');
      // Past the limit the parser cuts the file short and flags it: what was stored is not the file.
      if (part.file.truncated) throw tooLarge();
      file.sizeBytes = counted.seen.bytes;
      file.sha256 = counted.digest();
    }
  } catch (error) {
    if (file) await storage.delete(file.storageKey);
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw asClientError(error);
  }
  return { fields, file };
};
