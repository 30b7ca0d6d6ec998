import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_UPLOAD_BYTES } from '@lending/domain';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { agentRoutes } from './modules/agents';
import { authRoutes } from './modules/auth';
import { bouncedEmiRoutes } from './modules/bounced-emis';
import { clockRoutes } from './modules/clock';
import { collectionRoutes } from './modules/collections';
import { emiRoutes } from './modules/emis';
import { fileRoutes } from './modules/files';
import { healthRoutes } from './modules/health';
import { loanRoutes } from './modules/loans';
import { profileRoutes } from './modules/profile';
import { reportRoutes } from './modules/reports';
import { roleRoutes } from './modules/roles';
import { userRoutes } from './modules/users';
import { registerAccessControl } from './platform/access';
import type { AppDeps } from './platform/deps';
import { registerErrorHandler } from './platform/errors';

export type BuildAppOptions = {
  deps: AppDeps;
  /** A pino logger; tests pass none and run silent. */
  log?: FastifyBaseLogger;
  /** The built SPA; when present every non-API GET falls back to its index.html. */
  webDistDir?: string;
};

const JSON_BODY_LIMIT = 1024 * 1024;

export const buildApp = async ({ deps, log, webDistDir }: BuildAppOptions) => {
  const app = Fastify({
    ...(log ? { loggerInstance: log } : { logger: false }),
    bodyLimit: JSON_BODY_LIMIT,
    // Request ids let a log line be matched to the person who reported a problem.
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

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
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 8, fields: 40, parts: 48 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Daily-EMI lending back-office API',
        version: '1.0.0',
        description:
          'Money in rupees (≤ 2 decimals), dates YYYY-MM-DD in Asia/Kolkata. Errors: {message, errors?}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandler(app);
  registerAccessControl(app, deps);

  await app.register(healthRoutes(deps));
  await app.register(clockRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(roleRoutes(deps));
  await app.register(fileRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(loanRoutes(deps));
  await app.register(emiRoutes(deps));
  await app.register(agentRoutes(deps));
  await app.register(collectionRoutes(deps));
  await app.register(bouncedEmiRoutes(deps));
  await app.register(reportRoutes(deps));

  // One not-found handler: API paths answer JSON, every other GET gets the SPA when it is built.
  const spaBuilt = webDistDir !== undefined && fs.existsSync(path.join(webDistDir, 'index.html'));
  if (spaBuilt) await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (spaBuilt && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${url} not found` });
  });

  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
