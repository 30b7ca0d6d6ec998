import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, toFieldErrors } from './errors';
import { type FileRule, readMultipart, type UploadedFile } from './storage/multipart';

export type FormBody = { fields: Record<string, unknown>; files: Record<string, UploadedFile> };

/** A form sent as multipart (text fields and checked files) or as a JSON object (no files). */
export const readFormBody = async (
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<FormBody> => {
  if (request.isMultipart()) return readMultipart(request, rules);
  const body = request.body;
  if (body === undefined || body === null) return { fields: {}, files: {} };
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('MALFORMED_BODY', 'Expected a JSON object or a multipart form');
  return { fields: body as Record<string, unknown>, files: {} };
};

/** Parses with the schema or refuses with 400, the first problem as the message and all as `errors`. */
export const parseOr400 = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = toFieldErrors(parsed.error.issues);
  throw badRequest('VALIDATION_FAILED', errors[0]?.msg ?? 'Invalid request', errors);
};
