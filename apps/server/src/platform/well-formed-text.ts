import { isWellFormedText } from '@lending/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Objects and arrays nested deeper than this are not walked (no JSON body of the API is). */
const MAX_DEPTH = 32;

/** The first text in `value` (keys included) that is not well-formed Unicode, or undefined. */
const hasIllFormedText = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return !isWellFormedText(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasIllFormedText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => !isWellFormedText(key) || hasIllFormedText(item, depth + 1),
  );
};

/**
 * Refuses a JSON body, query or path holding half a surrogate pair (`"\udfff"`) with 400
 * MALFORMED_BODY before any route sees it: every route at once, since PostgreSQL refuses such text
 * inside jsonb (the audit rows' metadata) and the answer would otherwise be a 500.
 */
export const registerWellFormedText = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (hasIllFormedText(request.body) || hasIllFormedText(request.query) || hasIllFormedText(request.params))
      throw badRequest('MALFORMED_BODY', 'The request holds text that is not valid Unicode');
  });
};
