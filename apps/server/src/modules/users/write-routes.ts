import {
  type DocumentField,
  userFormSchema,
  ZDeleteImageRequest,
  ZIdParam,
  ZMessageResponse,
  ZUserSaved,
} from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { parseOr400, readFormBody } from '../../platform/form-body';
import { errorResponses } from '../../platform/openapi';
import { readMultipart, type UploadedFile } from '../../platform/storage/multipart';
import { createUserDeletion } from './delete-service';
import { AGENT_QR_FILE_RULES, DOCUMENT_FILE_RULES, isDocumentField } from './documents';
import { createUserFiles } from './files-service';
import { isAgent } from './policy';
import { createUserSaving } from './save-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = { ...errors, ...errorResponses(413, 415) };

const FORM_DESCRIPTION =
  'multipart/form-data (or JSON without files): name, email, password, role_id, is_active, mobile, address, reference_customer_id, agent_id, and the files profile_pic, pan_card, voter_card, adhaar_card, bank_check (images up to 2 MB; the bank check may be a PDF).';

/** The form's text fields and document files; the rules depend on the actor and the mode. */
const readUserForm = async (request: FastifyRequest, mode: 'create' | 'edit') => {
  const { fields, files } = await readFormBody(request, DOCUMENT_FILE_RULES);
  const input = parseOr400(userFormSchema({ mode, actorIsAgent: isAgent(currentUser(request)) }), fields);
  const documents: Partial<Record<DocumentField, UploadedFile>> = {};
  for (const [field, file] of Object.entries(files)) if (isDocumentField(field)) documents[field] = file;
  return { input, documents };
};

export const userWriteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const saving = createUserSaving(deps);
    const deletion = createUserDeletion(deps);
    const files = createUserFiles(deps);

    app.post(
      '/api/users',
      {
        schema: {
          tags: ['users'],
          summary:
            "Create a user (admins) or a customer (agents: always role user, the agent's own, reference customer required)",
          description: FORM_DESCRIPTION,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: ZUserSaved, ...uploadErrors },
        },
        config: { access: { roles: ['admin', 'agent'], permission: ['users', 'create'], scope: 'owned' } },
      },
      async (request, reply) => {
        const { input, documents } = await readUserForm(request, 'create');
        const user = await saving.create(currentUser(request), input, documents, actorOf(request));
        return reply.status(201).send({ message: 'User created successfully', user });
      },
    );

    app.put(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary:
            'Edit a user (admins; only a superadmin edits a superadmin). A blank password keeps the current one; a new file replaces the old document.',
          description: FORM_DESCRIPTION,
          consumes: ['multipart/form-data', 'application/json'],
          params: ZIdParam,
          response: { 200: ZUserSaved, ...uploadErrors },
        },
        config: { access: { roles: ['admin'], permission: ['users', 'update'] } },
      },
      async (request) => {
        const { input, documents } = await readUserForm(request, 'edit');
        const user = await saving.update(
          currentUser(request),
          request.params.id,
          input,
          documents,
          actorOf(request),
        );
        return { message: 'User updated successfully', user };
      },
    );

    app.delete(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary:
            'Delete a user and their files (admins; not yourself; only a superadmin deletes a superadmin). A user with loans answers 409: deactivate them instead.',
          params: ZIdParam,
          response: { 200: ZMessageResponse, ...errors },
        },
        config: { access: { roles: ['admin'], permission: ['users', 'delete'] } },
      },
      async (request) => {
        await deletion.delete(currentUser(request), request.params.id, actorOf(request));
        return { message: 'User deleted successfully' };
      },
    );

    app.delete(
      '/api/users/:id/image',
      {
        schema: {
          tags: ['users'],
          summary:
            "Delete one of a user's documents: body {field} (profile_pic, adhaar_card, voter_card, pan_card, bank_check)",
          params: ZIdParam,
          body: ZDeleteImageRequest,
          response: { 200: ZUserSaved, ...errors },
        },
        config: { access: { roles: ['admin'], permission: ['users', 'update'] } },
      },
      async (request) =>
        files.deleteDocument(currentUser(request), request.params.id, request.body.field, actorOf(request)),
    );

    app.patch(
      '/api/users/:id/agent-qr',
      {
        schema: {
          tags: ['users'],
          summary:
            "Set a user's payment QR code (multipart: agent_qr_code, an image up to 2 MB); only for agents, admins and superadmins",
          consumes: ['multipart/form-data'],
          params: ZIdParam,
          response: { 200: ZUserSaved, ...uploadErrors },
        },
        config: { access: { roles: ['admin'], permission: ['users', 'update'] } },
      },
      async (request) => {
        const { files: uploaded } = await readMultipart(request, AGENT_QR_FILE_RULES);
        return files.setAgentQr(
          currentUser(request),
          request.params.id,
          uploaded.agent_qr_code,
          actorOf(request),
        );
      },
    );

    app.delete(
      '/api/users/:id/agent-qr',
      {
        schema: {
          tags: ['users'],
          summary: "Remove a user's payment QR code",
          params: ZIdParam,
          response: { 200: ZUserSaved, ...errors },
        },
        config: { access: { roles: ['admin'], permission: ['users', 'update'] } },
      },
      async (request) => files.deleteAgentQr(currentUser(request), request.params.id, actorOf(request)),
    );
  };
