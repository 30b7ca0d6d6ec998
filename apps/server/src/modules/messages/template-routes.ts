import {
  ZMessageTemplateParams,
  ZMessageTemplatePreview,
  ZMessageTemplatePreviewRequest,
  ZMessageTemplateRequest,
  ZMessageTemplatesResponse,
  ZMessageTemplateView,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createMessageTemplates } from './template-service';

const tags = ['messages'];
const admins = { access: { roles: ['admin'] as const } };
const ZSaved = z.object({ message: z.string(), template: ZMessageTemplateView });

/** The words of every message, per event, channel and language: admins edit them with a preview. */
export const messageTemplateRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const templates = createMessageTemplates(deps);

    app.get(
      '/api/message-templates',
      {
        schema: {
          tags,
          summary: "Every template (event × channel × language), the admins' words or the product's own",
          response: { 200: ZMessageTemplatesResponse, ...errorResponses(401, 403) },
        },
        config: admins,
      },
      async () => templates.list(),
    );

    app.post(
      '/api/message-templates/preview',
      {
        schema: {
          tags,
          summary:
            "Words with sample values, an SMS's parts and encoding, and variables the event does not offer",
          body: ZMessageTemplatePreviewRequest,
          response: { 200: ZMessageTemplatePreview, ...errorResponses(400, 401, 403) },
        },
        config: admins,
      },
      async (request) => templates.preview(request.body),
    );

    app.put(
      '/api/message-templates/:event/:channel/:language',
      {
        schema: {
          tags,
          summary: "Saves an admin's words for one template: {message, template}",
          description:
            'A variable the event does not offer: MESSAGE_TEMPLATE_VARIABLE. The subject is kept for e-mail only, the provider template id (DLT template id, WhatsApp template name) for SMS and WhatsApp only. Audited as message_template_saved.',
          params: ZMessageTemplateParams,
          body: ZMessageTemplateRequest,
          response: { 200: ZSaved, ...errorResponses(400, 401, 403) },
        },
        config: admins,
      },
      async (request) =>
        templates.save(request.params, request.body, currentUser(request).id, actorOf(request)),
    );

    app.delete(
      '/api/message-templates/:event/:channel/:language',
      {
        schema: {
          tags,
          summary: "Puts the product's own words back: {message, template}",
          params: ZMessageTemplateParams,
          response: { 200: ZSaved, ...errorResponses(400, 401, 403) },
        },
        config: admins,
      },
      async (request) => templates.reset(request.params, actorOf(request)),
    );
  };
