import {
  type DocumentField,
  ZErrorResponse,
  ZProfileResponse,
  ZProfileSaved,
  ZProfileUpdate,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { parseOr400, readFormBody } from '../../platform/form-body';
import type { UploadedFile } from '../../platform/storage/multipart';
import { DOCUMENT_FILE_RULES, isDocumentField } from '../users';
import { createProfileService } from './service';

/** GET and PUT /users/profile/me. Password changes are auth's PUT /users/change-password. */
export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const profile = createProfileService(deps);

    app.get(
      '/api/users/profile/me',
      {
        schema: {
          tags: ['profile'],
          summary:
            "The signed-in user's profile; agent_qr_code_url is the agent's own QR code, or for a borrower (role user) their agent's",
          response: { 200: ZProfileResponse, 401: ZErrorResponse },
        },
        config: { access: { scope: 'self' } },
      },
      async (request) => profile.get(currentUser(request)),
    );

    app.put(
      '/api/users/profile/me',
      {
        schema: {
          tags: ['profile'],
          summary: 'Update your own profile: name, address, location and documents',
          description:
            'multipart/form-data or JSON. Fields: name, address, latitude (-90..90), longitude (-180..180), location_accuracy (m, ≥ 0), location_enabled, and each document (profile_pic, pan_card, voter_card, adhaar_card, bank_check): a new file replaces it, a stored-file value (any non-empty text, e.g. the URL you were given) keeps it, null or an empty text removes it. Absent fields are kept. email and mobile cannot change: a different value is refused with 400.',
          consumes: ['multipart/form-data', 'application/json'],
          response: {
            200: ZProfileSaved,
            400: ZErrorResponse,
            401: ZErrorResponse,
            413: ZErrorResponse,
            415: ZErrorResponse,
          },
        },
        config: { access: { scope: 'self' } },
      },
      async (request) => {
        const { fields, files } = await readFormBody(request, DOCUMENT_FILE_RULES);
        const input = parseOr400(ZProfileUpdate, fields);
        const documents: Partial<Record<DocumentField, UploadedFile>> = {};
        for (const [field, file] of Object.entries(files))
          if (isDocumentField(field)) documents[field] = file;
        return profile.update(currentUser(request), input, documents, actorOf(request));
      },
    );
  };
