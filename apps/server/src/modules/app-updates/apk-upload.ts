import { Transform } from 'node:stream';
import { appUpdateMessages, hasZipSignature, looksLikeApk, ZIP_SIGNATURE } from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';
import type { ApkStore, ReceivedApk } from '../../platform/storage/apk-store';
import { asClientError, fieldText } from '../../platform/storage/multipart';

/** The multipart field that carries the APK. */
export const APK_FIELD = 'apk';

const MAX_FIELD_LENGTH = 20_000;

export type ApkUpload = { fields: Record<string, string>; apk: ReceivedApk | null };

const notApk = () =>
  new AppError('FILE_TYPE_NOT_ALLOWED', appUpdateMessages.invalidApk, {
    errors: [{ param: APK_FIELD, msg: appUpdateMessages.invalidApk }],
  });

/**
 * Passes the bytes through once the first four are a ZIP header; anything else (a text file named
 * .apk, an empty file) fails the stream, and with it the write to storage.
 */
export const zipSignatureCheck = (): Transform => {
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === null) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < ZIP_SIGNATURE.length) return done();
      if (!hasZipSignature(head)) return done(notApk());
      const checked = head;
      head = null;
      done(null, checked);
    },
    flush(done) {
      done(head === null ? null : notApk());
    },
  });
};

/**
 * Reads POST /admin/app-update/upload: text fields as strings and the one APK streamed into the
 * store through the ZIP check, with the size limit given (not the documents' 2 MB). A refusal,
 * wherever it comes, removes what was written.
 */
export const readApkUpload = async (
  request: FastifyRequest,
  store: ApkStore,
  maxBytes: number,
): Promise<ApkUpload> => {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request');
  const fields: Record<string, string> = {};
  let apk: ReceivedApk | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fieldSize: MAX_FIELD_LENGTH } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = fieldText(part);
        continue;
      }
      // An empty file part with no name is how browsers send "no file chosen".
      if (part.fieldname === APK_FIELD && part.filename === '') {
        part.file.resume();
        continue;
      }
      if (part.fieldname !== APK_FIELD) {
        part.file.resume();
        throw badRequest('UNEXPECTED_FILE', `Unexpected file field ${part.fieldname}`, [
          { param: part.fieldname, msg: 'Unexpected file' },
        ]);
      }
      if (!looksLikeApk(part.filename, part.mimetype)) {
        part.file.resume();
        throw notApk();
      }
      apk = await store.receive(part.file, [zipSignatureCheck()]);
      // Past the limit the parser cuts the file short and flags it; what was written is not an APK.
      if (part.file.truncated) {
        const message = appUpdateMessages.tooLarge(maxBytes);
        throw new AppError('FILE_TOO_LARGE', message, { errors: [{ param: APK_FIELD, msg: message }] });
      }
    }
  } catch (error) {
    await apk?.discard();
    throw asClientError(error);
  }
  return { fields, apk };
};
