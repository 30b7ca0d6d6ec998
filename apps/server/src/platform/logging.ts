import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Query parameters that carry a credential: file-link signatures, reset and access tokens. */
const SECRET_PARAMS = ['sig', 'signature', 'token', 'access_token', 'password'];
const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

export const REDACTED = '[REDACTED]';

/** A URL as it may be logged: the values of credential-bearing query parameters replaced. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAM, `$1${REDACTED}`);

/**
 * Paths pino censors wherever they appear in a log line: credentials in headers, and passwords and
 * tokens in any object a line carries (a request body logged while debugging, a mail, an error's
 * options).
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'password',
  'token',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.accessToken',
  '*.signature',
  '*.sig',
  'mail.text',
  '*.smtpUrl',
];

/** The server's logger settings: secrets never reach a log line, in any mode. */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  serializers: {
    // Fastify's own request serializer with the URL's secrets removed (a signed file link, a reset link).
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
});

export const createLogger = (level: string, destination?: DestinationStream): Logger =>
  destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
