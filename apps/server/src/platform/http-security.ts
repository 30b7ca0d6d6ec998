import path from 'node:path';
import helmet from '@fastify/helmet';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAllowed, resolveSession, type SessionPolicy } from './access';
import { forbidden, unauthenticated } from './errors';

/** Who may read the API documentation at /api/docs. */
export type ApiDocsAccess = 'public' | 'staff' | 'off';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers. HSTS and CSP's upgrade-insecure-requests are sent only to a request that came
 * over TLS (directly, or as X-Forwarded-Proto from a trusted proxy): on a plain-http LAN install
 * they would make browsers refuse the only address the server has.
 */
export const registerSecurityHeaders = async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes and injects CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Receipts are previewed as PDF blobs in a frame.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol !== 'https') return payload;
    reply.header('strict-transport-security', HSTS);
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests'))
      reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    return payload;
  });
};

/**
 * Cache rules of the built SPA: files under assets/ carry a content hash in their name, so they
 * never change and may be kept for a year; everything else (index.html) is revalidated every time
 * so a new release is picked up at once.
 */
export const staticCacheHeaders = (root: string) => (reply: FastifyReply, filePath: string) => {
  const relative = path.relative(root, filePath).split(path.sep);
  const hashed = relative.length > 1 && relative[0] === 'assets';
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * Swagger UI at /api/docs: `public` for anyone, `staff` for a bearer token of an admin or the
 * superadmin (the API's map is reconnaissance material for an intruder), `off` not served.
 */
export const registerApiDocs = async (app: FastifyInstance, deps: SessionPolicy, access: ApiDocsAccess) => {
  if (access === 'off') return;
  const staffOnly = async (request: FastifyRequest) => {
    const session = await resolveSession(deps, request);
    if (!session) throw unauthenticated('The API documentation is for signed-in staff');
    if (!isAllowed(session.user, { roles: ['admin'] }))
      throw forbidden('The API documentation is for admins');
  };
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(access === 'staff' && { uiHooks: { onRequest: staffOnly } }),
  });
};
