import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { contentTypeOfKey, isStorageKey } from '../../platform/storage/file-storage';

/** Uploaded documents, reachable only through the short-lived signed links the API hands out. */
export const fileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/files/:key',
      {
        schema: {
          tags: ['files'],
          summary: 'An uploaded document through a signed link (expired or tampered signature → 403)',
          params: z.object({ key: z.string().max(100) }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(200) }),
        },
        // The signature is the credential: <img> tags cannot send a bearer token.
        config: { access: { public: true, scope: 'signed' } },
      },
      async (request, reply) => {
        const { key } = request.params;
        const type = contentTypeOfKey(key);
        if (!isStorageKey(key) || !type) throw new AppError('FILE_NOT_FOUND', 'File not found');
        if (
          !deps.signer.verify(key, request.query.expires, request.query.signature, deps.clock.now().getTime())
        ) {
          throw new AppError('FILE_LINK_INVALID', 'This file link has expired or is invalid');
        }
        const data = await deps.storage.get(key);
        if (!data) throw new AppError('FILE_NOT_FOUND', 'File not found');
        // Identity documents must not linger in a shared or browser cache after the link expires.
        return reply
          .header('content-type', type)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="${key}"`)
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(data);
      },
    );
  };
