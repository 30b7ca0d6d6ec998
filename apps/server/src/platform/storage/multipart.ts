import { MAX_UPLOAD_BYTES, type SniffedType, sniffFileType } from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors';

/** What one file field accepts and how a refusal is worded. */
export type FileRule = { types: readonly SniffedType[]; tooLarge: string; wrongType: string };

export type UploadedFile = { data: Buffer; type: SniffedType };

export type MultipartBody = { fields: Record<string, string>; files: Record<string, UploadedFile> };

const MAX_FIELD_LENGTH = 10_000;

/**
 * Reads a multipart body: text fields as strings, files checked against their field's rule by their
 * first bytes (never by name or declared type). Unknown file fields are refused.
 */
export const readMultipart = async (
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<MultipartBody> => {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, fieldSize: MAX_FIELD_LENGTH },
  })) {
    if (part.type === 'field') {
      if (typeof part.value !== 'string')
        throw badRequest('MALFORMED_BODY', `Field ${part.fieldname} must be text`);
      fields[part.fieldname] = part.value;
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
    files[part.fieldname] = { data, type };
  }
  return { fields, files };
};
