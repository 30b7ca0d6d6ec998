import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { AppError, badRequest } from './errors';
import {
  findIdempotencyKey,
  lockAndClaimIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency-repository';
import { sha256 } from './tokens';

/**
 * Idempotency-Key (docs/api.md, IETF draft-ietf-httpapi-idempotency-key-header) for money-moving calls:
 * keyed per user, claimed inside the transaction of the money change, the first answer kept. A
 * repeat with the same key and request answers that first answer again (`Idempotent-Replayed: true`)
 * and moves no money; the same key with another request is a 422. While the first still runs its
 * transaction holds an advisory lock on (user, key), so a repeat arriving then is a 409 at once
 * (docs/api.md) rather than a wait. A first attempt that failed leaves no claim, so its repeat runs
 * afresh. (PGlite runs one transaction at a time: there a repeat queues behind the first and replays.)
 */
export type IdempotencyClaim = { key: string; fingerprint: string };

export type Answer<T> = { status: number; body: T; replayed: boolean };

const MAX_KEY_LENGTH = 255;

const stillRunning = () =>
  new AppError(
    'IDEMPOTENCY_IN_FLIGHT',
    'A request with this Idempotency-Key is still being processed; retry shortly',
  );

/** The request's Idempotency-Key with a fingerprint of what it asks, or null when it sends none. */
export const idempotencyClaimOf = (request: FastifyRequest, body: unknown): IdempotencyClaim | null => {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = (Array.isArray(header) ? header.join(',') : header).trim();
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw badRequest('IDEMPOTENCY_KEY_INVALID', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
  const what = [
    request.method,
    request.routeOptions.url,
    JSON.stringify(request.params),
    JSON.stringify(body),
  ];
  return { key, fingerprint: sha256(what.join('\n')) };
};

/**
 * Runs `change` once per (user, key) inside the caller's transaction `tx`; a repeat answers what the
 * first run answered. Without a claim it simply runs.
 */
export const runIdempotent = async <T>(
  tx: Executor,
  userId: number,
  claim: IdempotencyClaim | null,
  change: () => Promise<{ status: number; body: T }>,
): Promise<Answer<T>> => {
  if (!claim) return { ...(await change()), replayed: false };
  // The lock is held until this transaction ends; a concurrent holder means the first request is
  // still running. Lock and claim go in one statement: a money call's round trips are its cost.
  const { locked, claimed } = await lockAndClaimIdempotencyKey(tx, `idempotency:${userId}:${claim.key}`, {
    userId,
    ...claim,
  });
  if (!locked) throw stillRunning();
  if (!claimed) {
    const first = await findIdempotencyKey(tx, userId, claim.key);
    if (!first || first.fingerprint !== claim.fingerprint)
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request',
      );
    if (first.statusCode === null) throw stillRunning();
    return { status: first.statusCode, body: first.response as T, replayed: true };
  }
  const answer = await change();
  await storeIdempotentAnswer(tx, userId, claim.key, answer);
  return { ...answer, replayed: false };
};

/** Sends an idempotent answer, marking replays. */
export const sendAnswer = <T>(reply: FastifyReply, answer: Answer<T>) => {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).send(answer.body);
};
