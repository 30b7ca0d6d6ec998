import type { TMessageChannel } from '@lending/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import {
  type ProviderEvent,
  parseSmsWebhook,
  parseWhatsAppWebhook,
  verifySmsSignature,
  verifyWhatsAppSignature,
} from '../../platform/messaging';
import { errorResponses } from '../../platform/openapi';
import { applyProviderEvents } from './preferences';

const tags = ['messages'];
/** Providers call these: no session, but every call must carry the provider's signature of its bytes. */
const signed = { access: { public: true, scope: 'signed' } as const };

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The signature covers the exact bytes sent: keep them, then parse JSON or a form. */
const keepRawBodies = (app: FastifyInstance) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    const type = String(request.headers['content-type'] ?? '');
    if (raw.length === 0) return done(null, {});
    try {
      if (type.includes('application/x-www-form-urlencoded'))
        return done(null, Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
      return done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      return done(badRequest('MALFORMED_BODY', 'The callback body is not JSON or a form'), undefined);
    }
  });
};

const refuseUnsigned = () =>
  new AppError('MESSAGE_WEBHOOK_SIGNATURE', "The callback's signature does not match the provider's secret.");

const ZReceived = z.object({ received: z.number(), statuses: z.number(), opted_out: z.number() });

/** The providers' callbacks: delivery reports and borrowers' replies (STOP opts out at once). */
export const messageWebhookRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    keepRawBodies(app);
    const apply = async (channel: TMessageChannel, events: ProviderEvent[]) => {
      const applied = await applyProviderEvents(deps, app.log, channel, events);
      return { received: events.length, statuses: applied.statuses, opted_out: applied.optedOut };
    };

    app.post(
      '/api/messages/webhooks/sms',
      {
        schema: {
          tags,
          summary:
            "The SMS gateway's delivery reports and replies, signed X-Signature: sha256=<HMAC of the body>",
          description:
            'Signed with SMS_WEBHOOK_SECRET; unsigned, wrongly signed, or with no secret set: 401 MESSAGE_WEBHOOK_SIGNATURE.',
          body: z.unknown(),
          response: { 200: ZReceived, ...errorResponses(400, 401) },
        },
        config: signed,
      },
      async (request) => {
        const secret = deps.messaging.smsWebhookSecret;
        const raw = rawBodies.get(request) ?? Buffer.alloc(0);
        const header = request.headers['x-signature'];
        if (!secret || !verifySmsSignature(raw, typeof header === 'string' ? header : undefined, secret))
          throw refuseUnsigned();
        return apply('sms', parseSmsWebhook(request.body, deps.clock.now()));
      },
    );

    app.post(
      '/api/messages/webhooks/whatsapp',
      {
        schema: {
          tags,
          summary:
            "WhatsApp Cloud API's callbacks (statuses, replies), signed X-Hub-Signature-256 with the app secret",
          description: 'Signed with WHATSAPP_APP_SECRET; otherwise 401 MESSAGE_WEBHOOK_SIGNATURE.',
          body: z.unknown(),
          response: { 200: ZReceived, ...errorResponses(400, 401) },
        },
        config: signed,
      },
      async (request) => {
        const secret = deps.messaging.whatsappAppSecret;
        const raw = rawBodies.get(request) ?? Buffer.alloc(0);
        const header = request.headers['x-hub-signature-256'];
        if (!secret || !verifyWhatsAppSignature(raw, typeof header === 'string' ? header : undefined, secret))
          throw refuseUnsigned();
        return apply('whatsapp', parseWhatsAppWebhook(request.body));
      },
    );

    app.get(
      '/api/messages/webhooks/whatsapp',
      {
        schema: {
          tags,
          summary:
            "Meta's subscription check: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN",
          // Meta sends all three; without them there is nothing to answer.
          querystring: z.object({
            'hub.mode': z.string().max(40),
            'hub.verify_token': z.string().max(200),
            'hub.challenge': z.string().max(200),
          }),
          response: { 200: z.string(), ...errorResponses(400, 401) },
        },
        config: signed,
      },
      async (request, reply) => {
        const token = deps.messaging.whatsappVerifyToken;
        const query = request.query;
        if (!token || query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== token)
          throw refuseUnsigned();
        return reply.type('text/plain').send(query['hub.challenge']);
      },
    );
  };
