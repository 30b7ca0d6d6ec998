import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Access, type AuthUser, actorOf, currentUser } from './access';
import type { Actor } from './audit';
import { type Answer, type IdempotencyClaim, idempotencyClaimOf, sendAnswer } from './idempotency';
import { errorResponses } from './openapi';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** Who asks for a money-moving call, from where, under which Idempotency-Key. */
export type Caller = { actor: AuthUser; audit: Actor; claim: IdempotencyClaim | null };

export const IDEMPOTENCY_NOTE =
  'Accepts an Idempotency-Key header: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) and moves nothing; the same key with another body is 422; a repeat while the first still runs is 409.';

export type IdempotentPost<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = {
  url: string;
  tags: string[];
  summary: string;
  /** What the call does beyond the summary; the Idempotency-Key note is appended. */
  description?: string;
  params?: P;
  body: B;
  /** The 200 answer; the error answers are the same for every money-moving call. */
  reply: R;
  access: Access;
};

/**
 * Declares a money-moving POST: the caller and the Idempotency-Key taken from the request, `run`
 * asked with them and the parsed path and body, its answer sent (a replay marked as one).
 */
export const postIdempotent = <P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: RouteApp,
  spec: IdempotentPost<P, B, R>,
  run: (caller: Caller, params: z.output<P>, body: z.output<B>) => Promise<Answer<z.input<R>>>,
) => {
  // The zod schemas validate at run time; the spec's types give `run` its parsed inputs.
  const schema: FastifySchema = {
    tags: spec.tags,
    summary: spec.summary,
    description: spec.description ? `${spec.description} ${IDEMPOTENCY_NOTE}` : IDEMPOTENCY_NOTE,
    ...(spec.params ? { params: spec.params } : {}),
    body: spec.body,
    response: { 200: spec.reply, ...errorResponses(400, 401, 403, 404, 409, 422) },
  };
  app.post(spec.url, { schema, config: { access: spec.access } }, async (request, reply) => {
    const body = request.body as z.output<B>;
    const caller: Caller = {
      actor: currentUser(request),
      audit: actorOf(request),
      claim: idempotencyClaimOf(request, body),
    };
    return sendAnswer(reply, await run(caller, request.params as z.output<P>, body));
  });
};
