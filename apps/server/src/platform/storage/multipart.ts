import type { MultipartValue } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, type SniffedType, sniffFileType } from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors';
import { stripImageMetadata } from './strip-metadata';

/** What one file field accepts and how a refusal is worded. */
export type FileRule = { types: readonly SniffedType[]; tooLarge: string; wrongType: string };

export type UploadedFile = { data: Buffer; type: SniffedType };

export type MultipartBody = { fields: Record<string, string>; files: Record<string, UploadedFile> };

const MAX_FIELD_LENGTH = 10_000;

/**
 * Reads a multipart body: text fields as strings, files checked against their field's rule by their
 * first bytes (never by name or declared type) and images stripped of their metadata (EXIF: GPS
 * position, device), so every upload path stores them clean. Unknown file fields are refused.
 */
export const readMultipart = async (
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<MultipartBody> => {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request');
  try {
    return await readParts(request, rules);
  } catch (error) {
    throw asClientError(error);
  }
};

/** Limits the error handler already maps to 413 or 415. */
const MAPPED_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_ERR_CTP_BODY_TOO_LARGE',
]);

/**
 * Anything else that goes wrong while reading the parts comes from the bytes the client sent (no
 * boundary, a truncated body, malformed part headers): the parser's errors are plain Errors, which
 * would otherwise answer 500.
 */
export const asClientError = (error: unknown): unknown => {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && MAPPED_CODES.has(code)) return error;
  return badRequest('MALFORMED_BODY', 'Malformed multipart/form-data body');
};

/**
 * A text part's value. The parser cuts a field longer than its limit short without a word, so a cut
 * value is refused (413) rather than stored as if it were what was sent.
 */
export const fieldText = (part: MultipartValue): string => {
  if (typeof part.value !== 'string')
    throw badRequest('MALFORMED_BODY', `Field ${part.fieldname} must be text`);
  if (part.valueTruncated || part.fieldnameTruncated) {
    const name = part.fieldname.slice(0, 100);
    throw new AppError('PAYLOAD_TOO_LARGE', `Field ${name} is too long`, {
      errors: [{ param: name, msg: 'Too long' }],
    });
  }
  return part.value;
};

const readParts = async (
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<MultipartBody> => {
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, fieldSize: MAX_FIELD_LENGTH },
  })) {
    if (part.type === 'field') {
      fields[part.fieldname] = fieldText(part);
      continue;
    }
    const rule = rules[part.fieldname];
    if (!rule) {
      part.file.resume();
      throw badRequest('UNEXPECTED_FILE', `Unexpected file field ${part.fieldname}`, [
        { param: part.fieldname, msg: 'Unexpected file' },
      ]);
    }
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('FILE_TOO_LARGE', rule.tooLarge, {
          errors: [{ param: part.fieldname, msg: rule.tooLarge }],
        });
      }
      throw error;
    }
    // An empty file part is how browsers send "no file chosen".
    if (data.length === 0) continue;
    const type = sniffFileType(data);
    if (!type || !rule.types.includes(type)) {
      throw new AppError('FILE_TYPE_NOT_ALLOWED', rule.wrongType, {
        errors: [{ param: part.fieldname, msg: rule.wrongType }],
      });
    }
    const clean = await stripImageMetadata(data, type);
    if (!clean)
      throw new AppError('FILE_TYPE_NOT_ALLOWED', rule.wrongType, {
        errors: [{ param: part.fieldname, msg: rule.wrongType }],
      });
    files[part.fieldname] = { data: clean, type };
  }
  return { fields, files };
};
