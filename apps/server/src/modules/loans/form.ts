import { USER_FORM_FILE_TYPES, uploadMessages, type ZLoanFormFields } from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseOr400, readFormBody } from '../../platform/form-body';
import { type FileStorage, newStorageKey } from '../../platform/storage/file-storage';
import type { FileRule, UploadedFile } from '../../platform/storage/multipart';

export const RECEIVED_BY_IMAGE_LABEL = 'Received By Image';

/** The received-by image: an image (jpg, png, gif, webp) of at most 2 MB, like the users' documents. */
export const LOAN_FILE_RULES: Record<string, FileRule> = {
  received_by_image: {
    types: USER_FORM_FILE_TYPES.profile_pic,
    tooLarge: uploadMessages.tooLarge(RECEIVED_BY_IMAGE_LABEL),
    wrongType: uploadMessages.notImage(RECEIVED_BY_IMAGE_LABEL),
  },
};

/** The loan form, as multipart (with the image) or JSON (without), parsed by `schema` or refused with 400. */
export const readLoanForm = async <S extends z.ZodType<z.output<typeof ZLoanFormFields>>>(
  request: FastifyRequest,
  schema: S,
): Promise<{ input: z.output<S>; image: UploadedFile | undefined }> => {
  const { fields, files } = await readFormBody(request, LOAN_FILE_RULES);
  return { input: parseOr400(schema, fields), image: files.received_by_image };
};

/**
 * Stores a new image under a random key, then runs the change (a transaction) with that key. If the
 * change fails the new file is removed; once it has committed, the file it replaced is.
 */
export const withLoanImage = async <T>(
  storage: FileStorage,
  image: UploadedFile | undefined,
  change: (key: string | undefined) => Promise<{ result: T; replaced: string | null }>,
): Promise<T> => {
  const key = image ? newStorageKey(image.type) : undefined;
  let outcome: { result: T; replaced: string | null };
  try {
    if (image && key) await storage.put(key, image.data, image.type);
    outcome = await change(key);
  } catch (error) {
    if (key) await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (outcome.replaced) await storage.delete(outcome.replaced).catch(() => undefined);
  return outcome.result;
};
