import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { MAX_UPLOAD_BYTES } from '@lending/domain';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { agentRoutes } from './modules/agents';
import { appUpdateRoutes } from './modules/app-updates';
import { auditLogRoutes } from './modules/audit-logs';
import { authRoutes } from './modules/auth';
import { bouncedEmiRoutes } from './modules/bounced-emis';
import { cashRoutes } from './modules/cash';
import { classificationRoutes } from './modules/classification';
import { clockRoutes } from './modules/clock';
import { collectionRoutes } from './modules/collections';
import { dashboardRoutes } from './modules/dashboard';
import { emiRoutes } from './modules/emis';
import { expenseRoutes } from './modules/expenses';
import { exportRoutes } from './modules/exports';
import { fileRoutes } from './modules/files';
import { healthRoutes } from './modules/health';
import { holidayRoutes } from './modules/holidays';
import { collectionsToMatchRoutes, importRoutes } from './modules/imports';
import { jobRoutes } from './modules/jobs';
import { loanRoutes } from './modules/loans';
import { messageRoutes, messageTemplateRoutes, messageWebhookRoutes } from './modules/messages';
import { notificationRoutes } from './modules/notifications';
import { portfolioRoutes } from './modules/portfolio';
import { productRoutes } from './modules/products';
import { profileRoutes } from './modules/profile';
import { reportRoutes } from './modules/reports';
import { roleRoutes } from './modules/roles';
import { supportRoutes } from './modules/support';
import { todoRoutes } from './modules/todos';
import { tokenRoutes } from './modules/tokens';
import { upgradeRoutes } from './modules/upgrades';
import { userRoutes } from './modules/users';
import { registerAccessControl } from './platform/access';
import type { AppDeps } from './platform/deps';
import { registerErrorHandler, sendError } from './platform/errors';
import {
  type ApiDocsAccess,
  registerApiDocs,
  registerSecurityHeaders,
  staticCacheHeaders,
} from './platform/http-security';
import { requestLoggerFactory } from './platform/logging';
import { registerNumericParams } from './platform/numeric-params';
import { apiDescription } from './platform/openapi';
import { registerWellFormedText } from './platform/well-formed-text';

export type BuildAppOptions = {
  deps: AppDeps;
  /** A pino logger; tests pass none and run silent. */
  log?: FastifyBaseLogger;
  /** The built SPA; when present every non-API GET falls back to its index.html. */
  webDistDir?: string;
  /** Reverse proxies whose X-Forwarded-For/-Proto are believed (TRUST_PROXY); none by default. */
  trustProxy?: string[] | false;
  /** Who may read /api/docs (API_DOCS); public by default. */
  apiDocs?: ApiDocsAccess;
  /** Sees every route as it is registered (the fuzz tests enumerate the API with it). */
  onRoute?: (route: RouteOptions) => void;
};

const JSON_BODY_LIMIT = 1024 * 1024;

export const buildApp = async ({ deps, log, webDistDir, trustProxy, apiDocs, onRoute }: BuildAppOptions) => {
  const app = Fastify({
    ...(log ? { loggerInstance: log, childLoggerFactory: requestLoggerFactory } : { logger: false }),
    bodyLimit: JSON_BODY_LIMIT,
    // Request ids let a log line be matched to the person who reported a problem.
    genReqId: () => crypto.randomUUID(),
    // Only the listed proxies may say who the client is and whether it came over https.
    trustProxy: trustProxy && trustProxy.length > 0 ? trustProxy : false,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurityHeaders(app);
  // Answers over 1 KB (JSON, the SPA's files, CSV exports) go out as br or gzip when the client takes it.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 8, fields: 40, parts: 48 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Daily-EMI lending back-office API',
        version: '1.0.0',
        description: apiDescription(),
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);
  registerNumericParams(app);
  registerWellFormedText(app);
  registerAccessControl(app, deps);
  await registerApiDocs(app, deps, apiDocs ?? 'public');

  await app.register(healthRoutes(deps));
  await app.register(clockRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(roleRoutes(deps));
  await app.register(fileRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(loanRoutes(deps));
  await app.register(productRoutes(deps));
  await app.register(holidayRoutes(deps));
  await app.register(emiRoutes(deps));
  await app.register(agentRoutes(deps));
  await app.register(collectionRoutes(deps));
  await app.register(cashRoutes(deps));
  await app.register(bouncedEmiRoutes(deps));
  await app.register(reportRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(portfolioRoutes(deps));
  await app.register(classificationRoutes(deps));
  await app.register(expenseRoutes(deps));
  await app.register(todoRoutes(deps));
  await app.register(appUpdateRoutes(deps));
  await app.register(upgradeRoutes(deps));
  await app.register(tokenRoutes(deps));
  await app.register(notificationRoutes(deps));
  await app.register(messageRoutes(deps));
  await app.register(messageTemplateRoutes(deps));
  await app.register(messageWebhookRoutes(deps));
  await app.register(supportRoutes(deps));
  await app.register(auditLogRoutes(deps));
  await app.register(jobRoutes(deps));
  await app.register(exportRoutes(deps));
  await app.register(collectionsToMatchRoutes(deps));
  await app.register(importRoutes(deps));

  // API paths answer a JSON 404; every other GET gets the SPA's index.html when it is built. The
  // fallback is a route rather than the not-found handler so that it is compressed like any answer.
  const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  const spaBuilt = webDistDir !== undefined && fs.existsSync(path.join(webDistDir, 'index.html'));
  if (spaBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: staticCacheHeaders(webDistDir),
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) =>
      isApi(request.url) ? reply.callNotFound() : reply.sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    return sendError(reply, 'NOT_FOUND', `Route ${request.method} ${url} not found`);
  });

  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
