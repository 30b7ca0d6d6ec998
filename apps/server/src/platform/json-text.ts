import type { FastifyReply } from 'fastify';

/**
 * Sends `json`, text that already is the answer's JSON, as the body without serialising it again:
 * Fastify passes a string with a JSON content type through untouched (the route's response schema
 * still documents it, but no longer checks it, so a test must). Compression and the other `onSend`
 * hooks still apply.
 */
export const sendJsonText = (reply: FastifyReply, json: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(json);
