import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../../src/platform/access';
import { loanCast } from '../../support/loan-api';
import { createTestApp, type TestApp, type TestAppOptions } from '../../support/test-app';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
};

/** One route of the API as the fuzz tests see it: where it is and what its schemas take. */
export type FuzzRoute = {
  method: string;
  /** The URL as registered, `:name` parameters included. */
  url: string;
  access: Access;
  body?: JsonSchema;
  query?: JsonSchema;
  params: string[];
  label: string;
};

/** The zod schema as the JSON Schema of what the route takes; undefined when it has none. */
export const inputSchema = (schema: unknown): JsonSchema | undefined => {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
};

const collect = (routes: FuzzRoute[]) => (route: RouteOptions) => {
  const url = route.url;
  if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  for (const method of methods) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    routes.push({
      method,
      url,
      access: route.config?.access as Access,
      body: inputSchema(schema.body),
      query: inputSchema(schema.querystring),
      params: [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? ''),
      label: `${method} ${url}`,
    });
  }
};

/**
 * A test app whose every /api route is recorded as it is registered, so a route added tomorrow is
 * fuzzed without anyone listing it; plus the people the requests are sent as.
 */
export const fuzzApp = async (options: Omit<TestAppOptions, 'app'> = {}) => {
  const routes: FuzzRoute[] = [];
  const t: TestApp = await createTestApp({ ...options, app: { onRoute: collect(routes) } });
  const cast = await loanCast(t);
  return { t, cast, routes };
};

export type FuzzApp = Awaited<ReturnType<typeof fuzzApp>>;
