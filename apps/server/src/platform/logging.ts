import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
} from 'pino';

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

/** Each request's logger and the request it logs, so a line logged without the request can name it. */
const requestOfLogger = new WeakMap<object, IncomingMessage>();

/**
 * Fastify's `childLoggerFactory`: the request's logger as Fastify makes it, remembered with its
 * request (see `hangUpAsInfo`).
 */
export const requestLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
  request: IncomingMessage,
): FastifyBaseLogger => {
  const child = logger.child(bindings, options);
  requestOfLogger.set(child, request);
  return child;
};

/** What stream helpers say when one end closed before the other finished (node's, and end-of-stream's). */
const isPrematureClose = (value: unknown): boolean =>
  value instanceof Error &&
  ((value as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    value.message === 'premature close');

const errorIn = (args: unknown[]): unknown => {
  const [first] = args;
  if (first instanceof Error) return first;
  return typeof first === 'object' && first !== null ? (first as { err?: unknown }).err : undefined;
};

/** The method and path of a request, without its query (which may carry a search for a person). */
const routeOf = (request: IncomingMessage) => `${request.method} ${(request.url ?? '').split('?')[0]}`;

const ERROR_LEVEL = 50;

/**
 * A client that hangs up mid-answer (a closed tab, a cancelled download, a load test's timeout) makes
 * the compression plugin's stream pipeline fail with "premature close", which it logs as an error.
 * Nothing on the server failed, so it is an info line naming the route. A premature close while the
 * client is still connected is a fault of ours and stays an error.
 */
function hangUpAsInfo(
  this: Logger,
  args: Parameters<Logger['info']>,
  method: (...args: unknown[]) => void,
  level: number,
) {
  if (level >= ERROR_LEVEL && isPrematureClose(errorIn(args))) {
    const request = requestOfLogger.get(this);
    if (request && (request.destroyed || request.socket?.destroyed !== false)) {
      this.info(
        { route: routeOf(request) },
        'the client closed the connection before the answer was complete',
      );
      return;
    }
  }
  method.apply(this, args);
}

/** The server's logger settings: secrets never reach a log line, in any mode. */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  hooks: { logMethod: hangUpAsInfo },
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
